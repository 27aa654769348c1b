import { Box, Typography } from '@mui/material';
import type { CustomerPosition } from '../../app/position';
import type { StoreMapMarker } from '../../components/MapPicker';
import type { MapSettings } from '../site-settings/api';
import { ShopMap } from '../stores/store-parts';
import type { NearbyStore, SearchItem } from './api';
import { zoomFor } from './search-filters';

/**
 * Shops on the map beside the list on a wide screen (the shops of the results' page, or the shops
 * nearby), with a line under it saying what the pins are.
 */
export function ResultsMap({
  markers,
  caption,
  center,
  radius,
  maps,
  wide,
}: {
  markers: StoreMapMarker[];
  caption: string;
  center: CustomerPosition;
  radius: number;
  maps: MapSettings;
  wide: boolean;
}) {
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
        {caption}
      </Typography>
    </Box>
  );
}

/** One map pin per shop of the results, with how many of the page's products it has. */
export function productShopMarkers(items: SearchItem[]): StoreMapMarker[] {
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

/** What the pins of the results' shops are. */
export const productShopsCaption = (markers: number): string =>
  markers === 0
    ? 'I negozi dei risultati compariranno qui.'
    : `${markers} ${markers === 1 ? 'negozio' : 'negozi'} con prodotti in questa pagina. Tocca un segnaposto per aprire il negozio.`;

/** One map pin per shop nearby. */
export function nearbyShopMarkers(shops: NearbyStore[]): StoreMapMarker[] {
  return shops.map((s) => ({ id: s.id, latitude: s.latitude, longitude: s.longitude, label: s.name, href: `/stores/${s.slug}` }));
}
