import CheckIcon from '@mui/icons-material/Check';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, Chip, Skeleton, Typography } from '@mui/material';
import { EmptyState } from '../../components/EmptyState';
import type { useNearbyStores } from './api';
import { NearbyShopCard } from './NearbyShopCard';
import { LoadFailed, RefreshFailed, WidenSearch } from './result-states';
import { km } from '../../lib/text';
import { deliveries, type FilterChanges, type SearchFilters } from './search-filters';
import { WhyTheseResults } from './WhyTheseResults';

/** The shops nearby a page lists and pins at once. */
export const nearbyShopsShown = 50;

/** «Aperti ora», «Ritiro in negozio», «Spedizione»: toggles of the shops' list (pickup and shipping exclude each other). */
export function ShopFilterChips({ filters, update }: { filters: SearchFilters; update: (changes: FilterChanges) => void }) {
  const toggle = (label: string, on: boolean, change: FilterChanges) => (
    <Chip
      key={label}
      label={label}
      clickable
      onClick={() => update(change)}
      color={on ? 'secondary' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      icon={on ? <CheckIcon /> : undefined}
      aria-pressed={on}
      sx={{ bgcolor: on ? undefined : 'background.paper', fontWeight: 600 }}
    />
  );
  return (
    <Box role="group" aria-labelledby="shop-filters" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography id="shop-filters" component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Mostra solo:
      </Typography>
      {toggle('Aperti ora', filters.openNow, { openNow: filters.openNow ? '' : 'true' })}
      {deliveries.map((d) => toggle(d.label, filters.delivery === d.value, { delivery: filters.delivery === d.value ? '' : d.value }))}
    </Box>
  );
}

/** The shops near the position, nearest first, of the chosen category and filters; or why there are none. */
export function NearbyShopsList({
  shops,
  filters,
  radii,
  placeLabel,
  update,
  onChangePlace,
}: {
  shops: ReturnType<typeof useNearbyStores>;
  filters: SearchFilters;
  radii: number[];
  placeLabel: string;
  update: (changes: FilterChanges) => void;
  onChangePlace: () => void;
}) {
  const { category, radius, openNow, delivery } = filters;
  const list = shops.data;
  const wider = radii.find((r) => r > radius);
  if (shops.isError && !list) return <LoadFailed title="Non riusciamo a caricare i negozi" text="Controlla la connessione e riprova." onRetry={() => void shops.refetch()} />;
  if (!list) {
    return (
      <Box aria-label="Caricamento dei negozi" role="status" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: '48px minmax(0, 1fr)', borderRadius: 3 }}>
            <Skeleton variant="rounded" width={48} height={48} />
            <Box>
              <Skeleton width="60%" height={28} />
              <Skeleton width="40%" />
              <Skeleton width="70%" />
            </Box>
          </Card>
        ))}
      </Box>
    );
  }
  if (list.length === 0) {
    const filtered = openNow || delivery !== '';
    return (
      <EmptyState
        icon={<StorefrontIcon />}
        title="Nessun negozio qui intorno"
        text={`Non ci sono negozi entro ${km(radius)} da ${placeLabel}${category ? ' in questa categoria' : ''}${filtered ? ' con i filtri scelti' : ''}.`}
        action={
          <WidenSearch
            wider={wider}
            category={category}
            update={update}
            onClearFilters={filtered ? () => update({ openNow: '', delivery: '' }) : undefined}
            onChangePlace={onChangePlace}
          />
        }
      />
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      {shops.isError && <RefreshFailed>Non siamo riusciti ad aggiornare i negozi: riprova tra poco.</RefreshFailed>}
      <WhyTheseResults about="shops" filters={filters} placeLabel={placeLabel} />
      <Box
        component="ol"
        aria-label="Negozi vicini"
        aria-busy={shops.isPlaceholderData}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, opacity: shops.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
      >
        {list.map((shop) => (
          <li key={shop.id}>
            <NearbyShopCard shop={shop} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
