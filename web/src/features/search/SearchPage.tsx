import ListIcon from '@mui/icons-material/List';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { Box, Container, LinearProgress, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { usePosition } from '../../app/position';
import { PositionDialog } from '../../components/PositionDialog';
import { SearchBox } from '../../components/SearchBox';
import { useMapSettings, usePageTitle } from '../site-settings/api';
import { useProductSearch } from './api';
import { ResultsMap } from './ResultsMap';
import { km, radiiWith, useSearchFilters } from './search-filters';
import { SearchFilterBar } from './SearchFilterBar';
import { SearchResults } from './SearchResults';
import { useTypedQuery } from './useTypedQuery';

/** /search: products in shops near the customer, as a list and on a map (spec §2, issue brief). */
export default function SearchPage() {
  const maps = useMapSettings();
  const radii = radiiWith(maps.defaultSearchRadius);
  const { filters, update } = useSearchFilters(maps);
  const { q, category, radius, sort, page } = filters;
  const position = usePosition();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [view, setView] = useState<'list' | 'map'>('list');
  const [picking, setPicking] = useState(false);

  const search = useProductSearch({ q, lat: position.latitude, lng: position.longitude, radius, category, sort, page });
  const { boxKey, typed, submitted } = useTypedQuery(q, (text, replace) => update({ q: text }, replace));

  usePageTitle(q ? `Cerca «${q}»` : 'Cerca nei negozi vicini');

  const result = search.data;
  const total = result?.total ?? 0;

  const list = (
    <SearchResults search={search} filters={filters} radii={radii} placeLabel={position.label} wide={wide} update={update} onChangePlace={() => setPicking(true)} />
  );
  const map = <ResultsMap items={result?.items ?? []} center={position} radius={radius} maps={maps} wide={wide} />;

  return (
    <Container sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, mb: 2, overflowWrap: 'anywhere' }}>
        {q ? `Risultati per «${q}»` : 'Cerca nei negozi vicini'}
      </Typography>
      <SearchBox key={boxKey} defaultValue={q} onSearch={typed} onSubmit={submitted} loading={search.isFetching} />

      <SearchFilterBar filters={filters} radii={radii} placeLabel={position.label} update={update} onChangePlace={() => setPicking(true)} />

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 3, mb: 1.5, minHeight: 40 }}>
        <Typography color="text.secondary" aria-live="polite" sx={{ minWidth: 0 }}>
          {result
            ? `${total.toLocaleString('it-IT')} ${total === 1 ? 'prodotto' : 'prodotti'} entro ${km(radius)} da ${position.label}`
            : 'Cerchiamo nei negozi vicini…'}
        </Typography>
        {!wide && (
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: 'list' | 'map' | null) => next && setView(next)} aria-label="Vista">
            <ToggleButton value="list" sx={{ gap: 0.5, px: 1.5 }}><ListIcon fontSize="small" /> Elenco</ToggleButton>
            <ToggleButton value="map" sx={{ gap: 0.5, px: 1.5 }}><MapOutlinedIcon fontSize="small" /> Mappa</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{search.isFetching && result && <LinearProgress color="secondary" aria-label="Aggiornamento dei risultati" />}</Box>

      {wide ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 420px)', alignItems: 'start' }}>
          {list}
          {map}
        </Box>
      ) : view === 'list' ? (
        list
      ) : (
        map
      )}

      <PositionDialog open={picking} onClose={() => setPicking(false)} onChanged={() => update({ page: '' })} />
    </Container>
  );
}
