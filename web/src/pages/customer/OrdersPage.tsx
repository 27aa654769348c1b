import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, Divider, List, ListItemButton, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { deliveryTypeLabels, useUserOrders, type CustomerOrderSummary } from '../../api/orders';
import { formatMoney } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { EmptyState } from './common';
import { inProgressStatuses } from './customer-figures';
import { formatDateTime } from './dates';

type Filter = 'all' | 'active' | 'done';

const filters: { value: Filter; label: string; keep: (o: CustomerOrderSummary) => boolean }[] = [
  { value: 'all', label: 'Tutti', keep: () => true },
  { value: 'active', label: 'In corso', keep: (o) => inProgressStatuses.has(o.status) || o.status === 'ready' },
  { value: 'done', label: 'Conclusi', keep: (o) => o.status === 'completed' || o.status === 'cancelled' },
];

/** /customer/orders — every order, newest first, with its state; a tap opens it. */
export default function OrdersPage() {
  const { data: orders = [], isPending } = useUserOrders();
  const [filter, setFilter] = useState<Filter>('all');
  const shown = orders.filter(filters.find((f) => f.value === filter)!.keep);

  return (
    <>
      <DashboardHeader title="I miei ordini" subtitle="Segui i tuoi ordini: lo stato si aggiorna da solo." />
      {isPending ? (
        <Box role="status" aria-label="Caricamento degli ordini" sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={72} />)}
        </Box>
      ) : orders.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ReceiptLongIcon />}
            title="Ancora nessun ordine"
            text="Cerca un prodotto nei negozi vicino a te, aggiungilo al carrello e scegli se ritirarlo o fartelo consegnare."
            action={<Button component={Link} to="/search" variant="contained" startIcon={<SearchIcon />}>Cerca prodotti</Button>}
          />
        </Card>
      ) : (
        <Card>
          <Tabs value={filter} onChange={(_, v: Filter) => setFilter(v)} aria-label="Filtra gli ordini" variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {filters.map((f) => (
              <Tab key={f.value} value={f.value} label={`${f.label} (${orders.filter(f.keep).length})`} />
            ))}
          </Tabs>
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>Nessun ordine in questo elenco.</Typography>
          ) : (
            <List disablePadding aria-label="Ordini">
              {shown.map((o, i) => (
                <Fragment key={o.id}>
                  {i > 0 && <Divider component="li" />}
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
        </Card>
      )}
    </>
  );
}
