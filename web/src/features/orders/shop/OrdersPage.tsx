import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import {
  Box,
  Button,
  Card,
  IconButton,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Link, useSearchParams } from 'react-router-dom';
import { useStoreOrders, useStoreOrderTotals, type OrderStatus, type StoreOrderSummary } from '../api';
import { useMyStore } from '../../stores/api';
import { formatMoney } from '../../../lib/money';
import { LoadMore } from '../../../components/LoadMore';
import { StatusBadge } from '../../../components/StatusBadge';
import { withdrawalStateLabels } from '@labels/orders';
import { EmptyState } from '../../../components/EmptyState';
import { CountTabs } from '../../../components/CountTabs';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { formatWhen, orderNumber, orderTabs, shopActions, tabCounts } from './order-figures';
import { OrderActionButtons } from './OrderActions';
import { Skeletons } from '../../../components/Skeletons';
import { NoStoreYet } from '../../stores/shop/NoStoreYet';

/** The live stream refreshes the list at once; polling is only the fallback when the stream is down. */
const pollEveryMs = 30_000;

const pieces = (n: number) => `${n} ${n === 1 ? 'articolo' : 'articoli'}`;

/** "Ritiro · Oggi, 18:00" or "Spedizione". */
function Delivery({ order, now }: { order: StoreOrderSummary; now: Date }) {
  const pickup = order.deliveryType === 'pickup';
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
      {pickup ? <StorefrontOutlinedIcon fontSize="small" /> : <LocalShippingOutlinedIcon fontSize="small" />}
      <Typography component="span" variant="body2">
        {pickup ? `Ritiro${order.pickupTime ? ` · ${formatWhen(order.pickupTime, now)}` : ''}` : order.deliveryTaskId ? 'Spedizione · affidata a un collaboratore' : 'Spedizione'}
        {order.withdrawalState === 'requested' && ' · recesso: merce da ricevere'}
        {order.withdrawalState && order.withdrawalState !== 'requested' && ` · ${withdrawalStateLabels[order.withdrawalState].toLowerCase()}`}
      </Typography>
    </Box>
  );
}

/** Where an order's page is: the shop's own, or the session's of a collaborator working for the shop. */
type DetailPathOf = (o: StoreOrderSummary) => string;
const shopDetailPath: DetailPathOf = (o) => `/shopkeeper/orders/${o.id}`;

function OrderTable({ orders, now, detailPath }: { orders: StoreOrderSummary[]; now: Date; detailPath: DetailPathOf }) {
  return (
    <TableContainer component={Card}>
      <Table aria-label="Ordini del negozio">
        <TableHead>
          <TableRow>
            <TableCell>Cliente</TableCell>
            <TableCell>Ricevuto</TableCell>
            <TableCell>Consegna</TableCell>
            <TableCell align="right">Totale</TableCell>
            <TableCell>Stato</TableCell>
            <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
              Azioni
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id} hover aria-label={`Ordine di ${o.customerName}`}>
              <TableCell sx={{ minWidth: 160 }}>
                <MuiLink component={Link} to={detailPath(o)} underline="hover" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} color="inherit">
                  {o.customerName}
                </MuiLink>
                <Typography variant="body2" color="text.secondary">
                  {orderNumber(o.id)} · {pieces(o.itemCount)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(o.createdAt, now)}</TableCell>
              <TableCell>
                <Delivery order={o} now={now} />
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatMoney(o.total)}
              </TableCell>
              <TableCell>
                <StatusBadge status={o.status} />
              </TableCell>
              <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
                  <OrderActionButtons order={o} actions={shopActions(o)} size="small" compact />
                  <Tooltip title="Dettagli">
                    <IconButton component={Link} to={detailPath(o)} size="small" aria-label={`Dettagli dell’ordine di ${o.customerName}`}>
                      <ChevronRightIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** At phone width: one card per order, the next step a thumb away. */
function OrderCards({ orders, now, detailPath }: { orders: StoreOrderSummary[]; now: Date; detailPath: DetailPathOf }) {
  return (
    <Box component="ul" aria-label="Ordini del negozio" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {orders.map((o) => (
        <Card component="li" key={o.id} aria-label={`Ordine di ${o.customerName}`} sx={{ p: 2, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <MuiLink component={Link} to={detailPath(o)} underline="hover" color="inherit" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {o.customerName}
              </MuiLink>
              <Typography variant="body2" color="text.secondary">
                {formatWhen(o.createdAt, now)} · {pieces(o.itemCount)}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 800 }}>{formatMoney(o.total)}</Typography>
              <StatusBadge status={o.status} />
            </Box>
          </Box>
          <Delivery order={o} now={now} />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <OrderActionButtons order={o} actions={shopActions(o)} size="small" compact />
            <Button
              component={Link}
              to={detailPath(o)}
              size="small"
              color="inherit"
              endIcon={<ChevronRightIcon />}
              aria-label={`Dettagli dell’ordine di ${o.customerName}`}
              sx={{ ml: 'auto', flexShrink: 0 }}
            >
              Dettagli
            </Button>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

const emptyTexts: Record<OrderStatus | 'all', string> = {
  all: 'Quando un cliente ordina dal tuo negozio, l’ordine arriva qui subito, con un avviso.',
  pending: 'Nessun ordine da accettare: sei in pari.',
  preparing: 'Nessun ordine in preparazione.',
  ready: 'Nessun ordine pronto in attesa del cliente o della spedizione.',
  shipping: 'Nessun ordine in consegna.',
  completed: 'Ancora nessun ordine completato.',
  cancelled: 'Nessun ordine annullato.',
};

const isTab = (value: string | null): value is OrderStatus | 'all' => orderTabs.some((t) => t.value === value);

/**
 * A shop's orders by state (the tab in the address's `stato`), newest first, each with its next
 * step: the shop's page and the session of a collaborator working for the shop share it.
 */
export function ShopOrders({ storeId, detailPath = shopDetailPath }: { storeId: string | undefined; detailPath?: DetailPathOf }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const stato = params.get('stato');
  const tab = isTab(stato) ? stato : 'all';
  const list = useStoreOrders(storeId, { statuses: tab === 'all' ? [] : [tab], refetchInterval: pollEveryMs });
  const { data: totals } = useStoreOrderTotals(storeId, { refetchInterval: pollEveryMs });
  const now = new Date();
  const counts = tabCounts(totals);
  const shown = list.items;
  const choose = (value: OrderStatus | 'all') =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'all') next.delete('stato');
        else next.set('stato', value);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <CountTabs tabs={orderTabs} value={tab} counts={counts} urgent="pending" onChange={choose} />
      {!storeId || list.isLoading ? (
        <Skeletons label="Caricamento degli ordini" heights={[88, 88, 88]} gap={1.5} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<ReceiptLongIcon />} title={tab === 'all' ? 'Ancora nessun ordine' : 'Nessun ordine qui'} text={emptyTexts[tab]} />
      ) : (
        <>
          {narrow ? <OrderCards orders={shown} now={now} detailPath={detailPath} /> : <OrderTable orders={shown} now={now} detailPath={detailPath} />}
          <LoadMore list={list} label="Mostra altri ordini" noun="ordini" />
        </>
      )}
    </>
  );
}

/** /shopkeeper/orders: the shop's orders by state, newest first, each with its next step. */
export default function OrdersPage() {
  const { data: store, isLoading } = useMyStore();
  const { data: totals } = useStoreOrderTotals(store?.id, { refetchInterval: pollEveryMs });

  if (!isLoading && !store) {
    return <NoStoreYet title="Ordini">Gli ordini arrivano al tuo negozio: crealo per iniziare a vendere.</NoStoreYet>;
  }

  const counts = tabCounts(totals);
  const toHandle = counts.pending + counts.preparing;

  return (
    <>
      <DashboardHeader
        title="Ordini"
        subtitle={counts.all ? `${counts.all} ${counts.all === 1 ? 'ordine' : 'ordini'}, ${toHandle} da gestire` : 'Gli ordini dei clienti al tuo negozio.'}
      />
      <ShopOrders storeId={store?.id} />
    </>
  );
}
