import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Box, Button, Card, Pagination, Skeleton } from '@mui/material';
import { EmptyState } from '../../components/EmptyState';
import { searchPageSize, type useProductSearch } from './api';
import { ResultCard } from './ResultCard';
import { km, type FilterChanges, type SearchFilters } from './search-filters';

/** The results as a list with its pages, or why there are none and how to widen the search. */
export function SearchResults({ search, filters, radii, placeLabel, wide, update, onChangePlace }: {
  search: ReturnType<typeof useProductSearch>;
  filters: SearchFilters;
  radii: number[];
  placeLabel: string;
  wide: boolean;
  update: (changes: FilterChanges) => void;
  onChangePlace: () => void;
}) {
  const { q, category, radius, page } = filters;
  const result = search.data;
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / searchPageSize));
  return (
    <Box sx={{ minWidth: 0 }}>
      {search.isError && !result ? (
        <EmptyState
          icon={<ErrorOutlinedIcon color="error" />}
          title="Non riusciamo a caricare i risultati"
          text="Controlla la connessione e riprova: i negozi sono ancora tutti lì."
          action={<Button variant="contained" onClick={() => search.refetch()}>Riprova</Button>}
        />
      ) : !result ? (
        <ResultSkeletons />
      ) : result.items.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title={q ? `Nessun risultato per «${q}»` : 'Nessun prodotto in questa zona'}
          text={`Non abbiamo trovato prodotti entro ${km(radius)} da ${placeLabel}${category ? ' in questa categoria' : ''}. Prova ad allargare la ricerca.`}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              {radius < radii.at(-1)! && (
                <Button variant="contained" onClick={() => update({ radius: String(radii.find((r) => r > radius)) })}>
                  Cerca entro {km(radii.find((r) => r > radius)!)}
                </Button>
              )}
              {category && <Button variant="outlined" onClick={() => update({ category: '' })}>Tutte le categorie</Button>}
              <Button color="inherit" onClick={onChangePlace}>Cambia posizione</Button>
            </Box>
          }
        />
      ) : (
        <>
          {search.isError && <Alert severity="error" sx={{ mb: 2 }}>Non siamo riusciti ad aggiornare i risultati: riprova tra poco.</Alert>}
          <Box
            component="ol"
            aria-label="Risultati"
            aria-busy={search.isPlaceholderData}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, opacity: search.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
          >
            {result.items.map((item) => (
              <li key={item.id}>
                <ResultCard item={item} />
              </li>
            ))}
          </Box>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={page}
                siblingCount={wide ? 1 : 0}
                boundaryCount={1}
                shape="rounded"
                color="primary"
                onChange={(_, next) => {
                  update({ page: String(next) });
                  window.scrollTo({ top: 0 });
                }}
                getItemAriaLabel={(type, n) => (type === 'page' ? `Pagina ${n}` : type === 'next' ? 'Pagina successiva' : type === 'previous' ? 'Pagina precedente' : type === 'first' ? 'Prima pagina' : 'Ultima pagina')}
              />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function ResultSkeletons() {
  return (
    <Box aria-label="Caricamento dei risultati" role="status" sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} sx={{ p: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '112px minmax(0, 1fr)' }, borderRadius: 3 }}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
          <Box>
            <Skeleton width="70%" height={28} />
            <Skeleton width="40%" />
            <Skeleton width="55%" />
          </Box>
        </Card>
      ))}
    </Box>
  );
}
