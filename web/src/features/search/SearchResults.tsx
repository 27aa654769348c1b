import PlaceIcon from '@mui/icons-material/Place';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, Chip, Link as MuiLink, Pagination, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import { formatDistance } from '../../app/position';
import { EmptyState } from '../../components/EmptyState';
import { searchPageSize, type SearchItem, type ShopBeyond, type useProductSearch } from './api';
import { ResultCard } from './ResultCard';
import { WhyTheseResults } from './WhyTheseResults';
import { LoadFailed, RefreshFailed, WidenSearch } from './result-states';
import { km } from '../../lib/text';
import type { FilterChanges, SearchFilters } from './search-filters';

/**
 * The results as a list with its pages: those that match the words (as written or corrected)
 * first, then those of the same kind («Prodotti simili»); or why there are none, what the customer
 * may have meant, the shops beyond the radius that have it, and how to widen the search.
 */
export function SearchResults({
  search,
  filters,
  radii,
  placeLabel,
  wide,
  update,
  hrefWith,
  onChangePlace,
}: {
  search: ReturnType<typeof useProductSearch>;
  filters: SearchFilters;
  radii: number[];
  placeLabel: string;
  wide: boolean;
  update: (changes: FilterChanges) => void;
  hrefWith: (changes: FilterChanges) => string;
  onChangePlace: () => void;
}) {
  const { q, category, radius, page } = filters;
  const result = search.data;
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / searchPageSize));
  if (search.isError && !result) {
    return (
      <LoadFailed title="Non riusciamo a caricare i risultati" text="Controlla la connessione e riprova: i negozi sono ancora tutti lì." onRetry={() => void search.refetch()} />
    );
  }
  if (!result) return <ResultSkeletons />;
  if (result.items.length === 0) {
    // The radius that reaches the nearest shop beyond, when one offered does; else the next one.
    const reaching = result.beyond.length ? radii.find((r) => r >= result.beyond[0]!.distanceKm) : undefined;
    const wider = reaching ?? (result.beyond.length ? undefined : radii.find((r) => r > radius));
    return (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <EmptyState
          icon={<SearchOffIcon />}
          title={q ? `Nessun risultato per «${q}»` : 'Nessun prodotto in questa zona'}
          text={`Non abbiamo trovato prodotti entro ${km(radius)} da ${placeLabel}${category ? ' in questa categoria' : ''}.${wider ? ' Prova ad allargare la ricerca.' : ''}`}
          action={
            <>
              {result.suggestions.length > 0 && <Suggestions suggestions={result.suggestions} hrefWith={hrefWith} />}
              <WidenSearch wider={wider} category={category} update={update} onChangePlace={onChangePlace} />
            </>
          }
        />
        {result.beyond.length > 0 && <Beyond shops={result.beyond} radius={radius} />}
      </Box>
    );
  }
  const direct = result.items.filter((i) => i.match !== 'related');
  const related = result.items.filter((i) => i.match === 'related');
  return (
    <Box sx={{ minWidth: 0 }}>
      {search.isError && <RefreshFailed>Non siamo riusciti ad aggiornare i risultati: riprova tra poco.</RefreshFailed>}
      <WhyTheseResults about="products" filters={filters} placeLabel={placeLabel} />
      <Box sx={{ display: 'grid', gap: 3, opacity: search.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }} aria-busy={search.isPlaceholderData}>
        {direct.length > 0 && <ResultList items={direct} label="Risultati" />}
        {related.length > 0 && (
          <Box component="section" aria-labelledby="related-results">
            <Typography id="related-results" variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700 }}>
              Prodotti simili
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {q ? `Non contengono «${q}», ma sono dello stesso tipo o della stessa categoria.` : 'Dello stesso tipo o della stessa categoria.'}
            </Typography>
            <ResultList items={related} label="Prodotti simili" />
          </Box>
        )}
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
            getItemAriaLabel={(type, n) =>
              type === 'page'
                ? `Pagina ${n}`
                : type === 'next'
                  ? 'Pagina successiva'
                  : type === 'previous'
                    ? 'Pagina precedente'
                    : type === 'first'
                      ? 'Prima pagina'
                      : 'Ultima pagina'
            }
          />
        </Box>
      )}
    </Box>
  );
}

function ResultList({ items, label }: { items: SearchItem[]; label: string }) {
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {items.map((item) => (
        <li key={item.id}>
          <ResultCard item={item} />
        </li>
      ))}
    </Box>
  );
}

/** «Forse cercavi…»: searches that would find something, as links. */
function Suggestions({ suggestions, hrefWith }: { suggestions: string[]; hrefWith: (changes: FilterChanges) => string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 1 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        Forse cercavi…
      </Typography>
      {suggestions.map((s) => (
        <Chip key={s} component={Link} to={hrefWith({ q: s, page: '' })} clickable color="secondary" label={s} sx={{ fontWeight: 600 }} />
      ))}
    </Box>
  );
}

/** The nearest shops beyond the radius that have what was searched. */
function Beyond({ shops, radius }: { shops: ShopBeyond[]; radius: number }) {
  return (
    <Card component="section" aria-labelledby="beyond-title" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography id="beyond-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        Più lontano lo trovi qui
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Negozi oltre {km(radius)} che lo hanno, dal più vicino.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {shops.map((b) => (
          <Box
            component="li"
            key={b.store.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.25, borderRadius: 2, bgcolor: (t) => alpha(t.palette.primary.main, 0.12), flexWrap: 'wrap' }}
          >
            <StorefrontIcon color="action" />
            <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
              <MuiLink component={Link} to={`/stores/${b.store.slug}`} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {b.store.name}
              </MuiLink>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {b.store.address}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
              <Chip size="small" icon={<PlaceIcon />} label={formatDistance(b.distanceKm)} />
              <Chip size="small" variant="outlined" label={`${b.products} ${b.products === 1 ? 'prodotto' : 'prodotti'}`} />
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

function ResultSkeletons() {
  return (
    <Box aria-label="Caricamento dei risultati" role="status" sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} sx={{ p: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '112px minmax(0, 1fr) auto' }, borderRadius: 3 }}>
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
