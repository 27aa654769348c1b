import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { CustomerPosition } from '../../app/position';
import type { MapSettings } from '../site-settings/api';
import { ShopMap } from '../stores/store-parts';
import type { SearchItem } from './api';
import { zoomFor } from './search-filters';

/** The shops of the results' page on the map, beside the list on a wide screen. */
export function ResultsMap({ items, center, radius, maps, wide }: { items: SearchItem[]; center: CustomerPosition; radius: number; maps: MapSettings; wide: boolean }) {
  const markers = useMemo(() => shopMarkers(items), [items]);
  return (
    <Box sx={{ position: { md: 'sticky' }, top: { md: 16 }, minWidth: 0 }}>
      <ShopMap
        height={wide ? 'min(640px, calc(100vh - 32px))' : '65vh'}
        markers={markers}
        // Pins frame themselves; with none, the map shows the search circle around the customer:
        // at the admin's zoom for the default radius, wider or closer for another.
        center={markers.length ? undefined : center}
        zoom={markers.length ? undefined : radius === maps.defaultSearchRadius ? maps.defaultMapZoom : zoomFor(radius)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {markers.length === 0
          ? 'I negozi dei risultati compariranno qui.'
          : `${markers.length} ${markers.length === 1 ? 'negozio' : 'negozi'} con prodotti in questa pagina. Tocca un segnaposto per aprire il negozio.`}
      </Typography>
    </Box>
  );
}

/** One map pin per shop of the results, with how many of the page's products it has. */
function shopMarkers(items: SearchItem[]) {
  const shops = new Map<string, { store: SearchItem['store']; count: number }>();
  for (const { store } of items) shops.set(store.id, { store, count: (shops.get(store.id)?.count ?? 0) + 1 });
  return [...shops.values()].map(({ store, count }) => ({
    id: store.id,
    latitude: store.latitude,
    longitude: store.longitude,
    label: `${store.name} · ${count} ${count === 1 ? 'prodotto' : 'prodotti'}`,
    href: `/stores/${store.slug}`,
  }));
}
