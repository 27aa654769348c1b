import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Card, List, ListItemButton, Tab, Tabs, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { deliveryTypeLabels, useUserOrders, useUserOrderTotals, type OrderStatus } from '../api';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { LoadMore } from '../../../components/LoadMore';
import { StatusBadge } from '../../../components/StatusBadge';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { Skeletons } from '../../../components/Skeletons';
import { dividedItems } from '../../../app/theme';

type Filter = 'all' | 'active' | 'done';

/** Each tab's states; none is every order. */
const filters: { value: Filter; label: string; statuses: OrderStatus[] }[] = [
  { value: 'all', label: 'Tutti', statuses: [] },
  { value: 'active', label: 'In corso', statuses: ['pending', 'preparing', 'ready', 'shipping'] },
  { value: 'done', label: 'Conclusi', statuses: ['completed', 'cancelled'] },
];

/** /customer/orders — every order, newest first, with its state, a page at a time; a tap opens it. */
export default function OrdersPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const { statuses } = filters.find((f) => f.value === filter)!;
  const list = useUserOrders(statuses);
  const { data: totals, isPending: totalsPending } = useUserOrderTotals();
  const countOf = (f: (typeof filters)[number]) => (f.statuses.length ? f.statuses.reduce((n, s) => n + (totals?.byStatus[s] ?? 0), 0) : (totals?.count ?? 0));
  const shown = list.items;
  const loading = <Skeletons label="Caricamento degli ordini" heights={[72, 72, 72]} gap={1} />;

  return (
    <>
      <DashboardHeader title="I miei ordini" subtitle="Segui i tuoi ordini: lo stato si aggiorna da solo." />
      {totalsPending || (filter === 'all' && list.isLoading) ? (
        loading
      ) : !totals?.count && filter === 'all' && shown.length === 0 ? (
        <EmptyState
          icon={<ReceiptLongIcon />}
          title="Ancora nessun ordine"
          text="Cerca un prodotto nei negozi vicino a te, aggiungilo al carrello e scegli se ritirarlo o fartelo consegnare."
          go={{ to: '/search', label: 'Cerca prodotti', icon: <SearchIcon /> }}
        />
      ) : (
        <Card>
          <Tabs value={filter} onChange={(_, v: Filter) => setFilter(v)} aria-label="Filtra gli ordini" variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {filters.map((f) => (
              <Tab key={f.value} value={f.value} label={`${f.label} (${countOf(f)})`} />
            ))}
          </Tabs>
          {list.isLoading ? (
            <Box sx={{ p: 1 }}>{loading}</Box>
          ) : shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              Nessun ordine in questo elenco.
            </Typography>
          ) : (
            <List disablePadding aria-label="Ordini" sx={dividedItems}>
              {shown.map((o) => (
                <Fragment key={o.id}>
                  <li>
                    <ListItemButton component={Link} to={`/customer/orders/${o.id}`} sx={{ gap: 1.5, py: 1.5, alignItems: 'center' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{o.storeName}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {formatDateTime(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? 'articolo' : 'articoli'} · {deliveryTypeLabels[o.deliveryType]}
                        </Typography>
                      </Box>
                      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
                        <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(o.total)}</Typography>
                        <StatusBadge status={o.status} />
                      </Box>
                      <ChevronRightIcon color="action" sx={{ display: { xs: 'none', sm: 'block' } }} />
                    </ListItemButton>
                  </li>
                </Fragment>
              ))}
            </List>
          )}
          <LoadMore list={list} label="Mostra altri ordini" noun="ordini" />
        </Card>
      )}
    </>
  );
}
