import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ListIcon from '@mui/icons-material/List';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Container, LinearProgress, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { usePosition } from '../../app/position';
import { PositionDialog } from '../../components/PositionDialog';
import { SearchBox } from '../../components/SearchBox';
import { useMapSettings, usePageTitle } from '../site-settings/api';
import { useNearbyStores, useProductSearch } from './api';
import { Interpretation } from './Interpretation';
import { CategoryChips } from './CategoryChips';
import { nearbyShopsShown, NearbyShopsList, ShopFilterChips } from './NearbyShops';
import { nearbyShopMarkers, productShopMarkers, productShopsCaption, ResultsMap } from './ResultsMap';
import { km } from '../../lib/text';
import { radiiWith, useSearchFilters, type SearchView } from './search-filters';
import { SearchFilterBar } from './SearchFilterBar';
import { SearchResults } from './SearchResults';
import { useTypedQuery } from './useTypedQuery';

/**
 * /search: products in shops near the customer, as a list and on a map, saying how the words were
 * read; or, without typing, the shops nearby by category, open now, with pickup or shipping.
 */
export default function SearchPage() {
  const maps = useMapSettings();
  const radii = radiiWith(maps.defaultSearchRadius);
  const { filters, update, hrefWith } = useSearchFilters(maps);
  const { q, category, radius, sort, page, asTyped, view, openNow, delivery } = filters;
  const position = usePosition();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [layout, setLayout] = useState<'list' | 'map'>('list');
  const [picking, setPicking] = useState(false);
  const shopsView = view === 'shops';

  const search = useProductSearch({ q, lat: position.latitude, lng: position.longitude, radius, category, sort, page, asTyped });
  const shops = useNearbyStores({ lat: position.latitude, lng: position.longitude, radius, category, openNow, delivery, limit: nearbyShopsShown }, { enabled: shopsView });
  // Words typed search products, whichever list was on screen.
  const { boxKey, typed, submitted } = useTypedQuery(q, (text, replace) => update({ q: text, view: '' }, replace));

  const result = search.data;
  // While the next answer loads, the previous one's reading of other words would mislead.
  const reading = result && !search.isPlaceholderData ? result.interpretation : null;
  const shownQuery = reading?.correctedQuery ?? q;
  usePageTitle(shopsView ? 'Negozi vicini' : q ? `Cerca «${q}»` : 'Cerca nei negozi vicini');

  const total = result?.total ?? 0;
  const shopList = shops.data;
  const fetching = shopsView ? shops.isFetching && Boolean(shopList) : search.isFetching && Boolean(result);
  // While the next answer loads, the previous one's count would be said of the new words or place.
  const count = shopsView
    ? shopList && !shops.isPlaceholderData
      ? `${shopList.length.toLocaleString('it-IT')} ${shopList.length === 1 ? 'negozio' : 'negozi'} entro ${km(radius)} da ${position.label}`
      : 'Cerchiamo i negozi vicini…'
    : result && !search.isPlaceholderData
      ? `${total.toLocaleString('it-IT')} ${total === 1 ? 'prodotto' : 'prodotti'} entro ${km(radius)} da ${position.label}`
      : 'Cerchiamo nei negozi vicini…';

  const list = shopsView ? (
    <NearbyShopsList shops={shops} filters={filters} radii={radii} placeLabel={position.label} update={update} onChangePlace={() => setPicking(true)} />
  ) : (
    <SearchResults
      search={search}
      filters={filters}
      radii={radii}
      placeLabel={position.label}
      wide={wide}
      update={update}
      hrefWith={hrefWith}
      onChangePlace={() => setPicking(true)}
    />
  );
  const markers = shopsView ? nearbyShopMarkers(shopList ?? []) : productShopMarkers(result?.items ?? []);
  const caption = shopsView
    ? markers.length
      ? `${markers.length} ${markers.length === 1 ? 'negozio' : 'negozi'} vicino a te. Tocca un segnaposto per aprire il negozio.`
      : 'I negozi vicini compariranno qui.'
    : productShopsCaption(markers.length);
  const map = <ResultsMap markers={markers} caption={caption} center={position} radius={radius} maps={maps} wide={wide} />;

  return (
    <Container sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, mb: 2, overflowWrap: 'anywhere' }}>
        {shopsView ? 'Negozi vicini' : q ? `Risultati per «${shownQuery}»` : 'Cerca nei negozi vicini'}
      </Typography>
      <SearchBox key={boxKey} defaultValue={q} onSearch={typed} onSubmit={submitted} loading={search.isFetching && !shopsView} />
      {!shopsView && q && <Interpretation q={q} asTyped={asTyped} reading={reading} hrefWith={hrefWith} />}

      <Tabs value={view} onChange={(_, next: SearchView) => update({ view: next, page: '' })} aria-label="Cosa cercare" sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="products" label="Prodotti" icon={<Inventory2OutlinedIcon fontSize="small" />} iconPosition="start" sx={{ minHeight: 48 }} />
        <Tab value="shops" label="Negozi vicini" icon={<StorefrontOutlinedIcon fontSize="small" />} iconPosition="start" sx={{ minHeight: 48 }} />
      </Tabs>

      <SearchFilterBar filters={filters} radii={radii} placeLabel={position.label} update={update} onChangePlace={() => setPicking(true)} />
      {(shopsView || !q) && (
        <Box sx={{ mt: 2 }}>
          <CategoryChips position={position} radius={radius} selected={category} hrefFor={(slug) => hrefWith({ category: slug === category ? '' : slug })} />
        </Box>
      )}
      {shopsView && (
        <Box sx={{ mt: 1.5 }}>
          <ShopFilterChips filters={filters} update={update} />
        </Box>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 3, mb: 1.5, minHeight: 40 }}>
        <Typography color="text.secondary" aria-live="polite" sx={{ minWidth: 0 }}>
          {count}
        </Typography>
        {!wide && (
          <ToggleButtonGroup size="small" exclusive value={layout} onChange={(_, next: 'list' | 'map' | null) => next && setLayout(next)} aria-label="Vista">
            <ToggleButton value="list" sx={{ gap: 0.5, px: 1.5 }}>
              <ListIcon fontSize="small" /> Elenco
            </ToggleButton>
            <ToggleButton value="map" sx={{ gap: 0.5, px: 1.5 }}>
              <MapOutlinedIcon fontSize="small" /> Mappa
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{fetching && <LinearProgress color="secondary" aria-label={shopsView ? 'Aggiornamento dei negozi' : 'Aggiornamento dei risultati'} />}</Box>

      {wide ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 420px)', alignItems: 'start' }}>
          {list}
          {map}
        </Box>
      ) : layout === 'list' ? (
        list
      ) : (
        map
      )}

      <PositionDialog open={picking} onClose={() => setPicking(false)} onChanged={() => update({ page: '' })} />
    </Container>
  );
}
