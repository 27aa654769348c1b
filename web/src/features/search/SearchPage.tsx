import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import ListIcon from '@mui/icons-material/List';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import StorefrontIcon from '@mui/icons-material/Storefront';
import {
  Alert, Box, Button, Card, Chip, Container, LinearProgress, MenuItem, Pagination, Skeleton, TextField, ToggleButton, ToggleButtonGroup, Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  searchPageSize, useProductSearch, type SearchItem, type SearchSort,
} from './api';
import { useMapSettings, usePageTitle, type MapSettings } from '../site-settings/api';
import { useCategories } from '../stores/api';
import { formatDistance, usePosition } from '../../app/position';
import { formatMoney } from '../../lib/money';
import { PositionDialog } from '../../components/PositionDialog';
import { SearchBox } from '../../components/SearchBox';
import { EmptyState } from '../../components/EmptyState';
import { ProductImage, StockChip } from '../products/product-parts';
import { ShopMap } from '../stores/store-parts';

const commonRadii = [1, 2, 5, 10, 20, 50];
const sorts: { value: SearchSort; label: string }[] = [
  { value: 'distance', label: 'Distanza' },
  { value: 'relevance', label: 'Rilevanza' },
  { value: 'price', label: 'Prezzo' },
];
/** Typing searches once the customer pauses, not at every key. */
const typingDelayMs = 350;

/** A map zoom that shows roughly the whole search circle. */
const zoomFor = (radius: number) => (radius <= 1 ? 15 : radius <= 2 ? 14 : radius <= 5 ? 13 : radius <= 10 ? 12 : radius <= 20 ? 11 : 9);

/** A radius as Italians write it: "7,5 km". */
const km = (radius: number) => `${radius.toLocaleString('it-IT')} km`;

/** The distances offered: the usual ones and the admin's default search radius among them. */
const radiiWith = (defaultRadius: number) => [...new Set([...commonRadii, defaultRadius])].sort((a, b) => a - b);

function readFilters(params: URLSearchParams, maps: MapSettings) {
  const radius = Number(params.get('radius'));
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') ?? '',
    radius: radiiWith(maps.defaultSearchRadius).includes(radius) ? radius : maps.defaultSearchRadius,
    sort: sorts.some((s) => s.value === sort) ? (sort as SearchSort) : 'distance',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /search: products in shops near the customer, as a list and on a map (spec §2, issue brief). */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const maps = useMapSettings();
  const radii = radiiWith(maps.defaultSearchRadius);
  const { q, category, radius, sort, page } = readFilters(params, maps);
  const position = usePosition();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [view, setView] = useState<'list' | 'map'>('list');
  const [picking, setPicking] = useState(false);

  const search = useProductSearch({ q, lat: position.latitude, lng: position.longitude, radius, category, sort, page });
  const { data: categories = [] } = useCategories();

  usePageTitle(q ? `Cerca «${q}»` : 'Cerca nei negozi vicini');

  /** Writes filters to the URL, leaving defaults out; any change but the page's starts at page 1. */
  const update = (changes: Partial<Record<'q' | 'category' | 'radius' | 'sort' | 'page', string>>, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (next.get('radius') === String(maps.defaultSearchRadius)) next.delete('radius');
        if (next.get('sort') === 'distance') next.delete('sort');
        if (!('page' in changes) || next.get('page') === '1') next.delete('page');
        return next;
      },
      { replace },
    );
  };

  // Typed text searches after a pause (replacing the history entry); a submit searches at once.
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownQuery = useRef(q);
  const [boxKey, setBoxKey] = useState(0);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  useEffect(() => {
    // Back, forward or a link changed the query: show it in the box.
    if (q !== ownQuery.current) {
      ownQuery.current = q;
      setBoxKey((k) => k + 1);
    }
  }, [q]);
  const typed = (text: string) => {
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      ownQuery.current = text;
      update({ q: text }, true);
    }, typingDelayMs);
  };
  const submitted = (text: string) => {
    clearTimeout(typingTimer.current);
    ownQuery.current = text;
    update({ q: text });
  };

  const result = search.data;
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / searchPageSize));

  const markers = useMemo(() => shopMarkers(result?.items ?? []), [result]);

  const list = (
    <Box sx={{ minWidth: 0 }}>
      {search.isError && !result ? (
        <Card>
          <EmptyState
            icon={<ErrorOutlinedIcon color="error" />}
            title="Non riusciamo a caricare i risultati"
            text="Controlla la connessione e riprova: i negozi sono ancora tutti lì."
            action={<Button variant="contained" onClick={() => search.refetch()}>Riprova</Button>}
          />
        </Card>
      ) : !result ? (
        <ResultSkeletons />
      ) : result.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<SearchOffIcon />}
            title={q ? `Nessun risultato per «${q}»` : 'Nessun prodotto in questa zona'}
            text={`Non abbiamo trovato prodotti entro ${km(radius)} da ${position.label}${category ? ' in questa categoria' : ''}. Prova ad allargare la ricerca.`}
            action={
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
                {radius < radii.at(-1)! && (
                  <Button variant="contained" onClick={() => update({ radius: String(radii.find((r) => r > radius)) })}>
                    Cerca entro {km(radii.find((r) => r > radius)!)}
                  </Button>
                )}
                {category && <Button variant="outlined" onClick={() => update({ category: '' })}>Tutte le categorie</Button>}
                <Button color="inherit" onClick={() => setPicking(true)}>Cambia posizione</Button>
              </Box>
            }
          />
        </Card>
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

  const map = (
    <Box sx={{ position: { md: 'sticky' }, top: { md: 16 }, minWidth: 0 }}>
      <ShopMap
        height={wide ? 'min(640px, calc(100vh - 32px))' : '65vh'}
        markers={markers}
        // Pins frame themselves; with none, the map shows the search circle around the customer:
        // at the admin's zoom for the default radius, wider or closer for another.
        center={markers.length ? undefined : position}
        zoom={markers.length ? undefined : radius === maps.defaultSearchRadius ? maps.defaultMapZoom : zoomFor(radius)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {markers.length === 0
          ? 'I negozi dei risultati compariranno qui.'
          : `${markers.length} ${markers.length === 1 ? 'negozio' : 'negozi'} con prodotti in questa pagina. Tocca un segnaposto per aprire il negozio.`}
      </Typography>
    </Box>
  );

  return (
    <Container sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, mb: 2, overflowWrap: 'anywhere' }}>
        {q ? `Risultati per «${q}»` : 'Cerca nei negozi vicini'}
      </Typography>
      <SearchBox key={boxKey} defaultValue={q} onSearch={typed} onSubmit={submitted} loading={search.isFetching} />

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1.25, pr: 0.5, py: 0.25, borderRadius: 99, border: 1, borderColor: 'divider', bgcolor: 'background.paper', minWidth: 0, maxWidth: '100%' }}
        >
          <PlaceIcon fontSize="small" color="secondary" />
          <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.9rem', minWidth: 0 }} aria-label={`Posizione: ${position.label}`}>
            {position.label}
          </Typography>
          <Button size="small" onClick={() => setPicking(true)} sx={{ borderRadius: 99, flexShrink: 0 }}>
            Cambia
          </Button>
        </Box>
        {/* Beside the position when there is room, on a line of their own on phones. */}
        <Box sx={{ display: 'grid', gap: 1.5, flex: '1 1 440px', minWidth: 0, gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <TextField
            select
            size="small"
            label="Categoria"
            value={categories.some((c) => c.slug === category) ? category : ''}
            onChange={(e) => update({ category: e.target.value })}
            // "Tutte le categorie" is a real choice: show it, not an empty field under the label.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, bgcolor: 'background.paper' }}
          >
            <MenuItem value="">Tutte le categorie</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>{c.name}</MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Distanza" value={radius} onChange={(e) => update({ radius: e.target.value })} sx={{ bgcolor: 'background.paper' }}>
            {radii.map((r) => (
              <MenuItem key={r} value={r}>Entro {km(r)}</MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Ordina per" value={sort} onChange={(e) => update({ sort: e.target.value })} sx={{ bgcolor: 'background.paper' }}>
            {sorts.map((s) => (
              <MenuItem key={s.value} value={s.value}>{s.label}</MenuItem>
            ))}
          </TextField>
        </Box>
      </Box>

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

function ResultCard({ item }: { item: SearchItem }) {
  return (
    <Card
      sx={(t) => ({
        position: 'relative',
        p: 1.5,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '112px minmax(0, 1fr) auto' },
        alignItems: 'start',
        borderRadius: 3,
        transition: 'border-color 150ms, box-shadow 150ms',
        '&:hover': { borderColor: t.palette.secondary.main, boxShadow: `0 4px 16px ${alpha(t.palette.text.primary, 0.08)}` },
        '&:focus-within': { borderColor: t.palette.secondary.main },
      })}
    >
      <ProductImage src={item.imageUrl} alt={item.name} />
      <Box sx={{ minWidth: 0 }}>
        {/* The product link stretches over the whole card; the shop link sits above it. */}
        <Typography
          component={Link}
          to={`/products/${item.id}`}
          sx={{
            fontWeight: 700,
            fontSize: '1.05rem',
            lineHeight: 1.3,
            color: 'text.primary',
            textDecoration: 'none',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
            '&:focus-visible': { outline: 'none' },
          }}
        >
          {item.name}
        </Typography>
        <Box
          component={Link}
          to={`/stores/${item.store.slug}`}
          sx={{ position: 'relative', zIndex: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, maxWidth: '100%', color: 'text.secondary', fontSize: '0.9rem', textDecoration: 'none', '&:hover': { color: 'text.primary', textDecoration: 'underline' } }}
        >
          <StorefrontIcon sx={{ fontSize: 16, flexShrink: 0 }} />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.store.name}</Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
          <Chip size="small" icon={<PlaceIcon />} label={formatDistance(item.distanceKm)} sx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.3) }} />
          <StockChip quantity={item.stockQuantity} />
          {item.onSale && <Chip size="small" color="secondary" label="In offerta" />}
        </Box>
        <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 800, fontSize: '1.15rem', mt: 1 }}>{formatMoney(item.price)}</Typography>
      </Box>
      <Typography sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 800, fontSize: '1.3rem', whiteSpace: 'nowrap' }}>{formatMoney(item.price)}</Typography>
    </Card>
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
