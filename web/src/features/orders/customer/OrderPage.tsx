import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Link as MuiLink,
  Skeleton,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { LeaveReview } from '../../reviews/ReviewParts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorText } from '../../../lib/client';
import {
  awaitingPayment,
  deliveryTypeLabels,
  orderStatusLabels,
  paymentMethodLabel,
  paymentStateLabel,
  refundPending,
  useOrder,
  useOrderAction,
  usePayOrder,
  type Order,
  type OrderTimelineEntry,
} from '../api';
import { usePageTitle } from '../../site-settings/api';
import { formatDateTime, formatPickupTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { casePath } from '../../complaints/paths';
import { OrderMoney } from '../OrderMoney';
import { StatusBadge } from '../../../components/StatusBadge';
import { SectionCard } from '../../../components/SectionCard';
import { Timeline } from '../../../components/Timeline';
import { toast } from '../../../components/toast/toast-store';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { EmptyState } from '../../../components/EmptyState';
import { DeliveryCode, PickupCode, PickupPlace } from '../PickupCode';
import { disputeOpenUntil } from '../../complaints/case-figures';
import { ReportProblemButton } from '../../complaints/ReportProblemButton';
import { FormError } from '../../../components/FormError';
import { CustomerWithdrawal } from '../Withdrawal';

const cancelledByLabels: Record<NonNullable<Order['cancelledBy']>, string> = {
  customer: 'da te',
  store: 'dal negozio',
  admin: 'dall’amministrazione',
  system: 'automaticamente',
};

/** A short number to name the order on the phone with the shop. */
export const orderNumber = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** /customer/orders/:id — one order: items, totals, delivery, pickup code, its story; cancel while pending. Live. */
export default function OrderPage() {
  const { id } = useParams();
  const { data: order, error, isPending } = useOrder(id);

  usePageTitle(order ? `Ordine da ${order.storeName}` : 'Ordine');

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <EmptyState
        icon={<ReceiptLongIcon />}
        title={missing ? 'Ordine non trovato' : 'Non riusciamo a mostrare l’ordine'}
        text={missing ? 'Questo ordine non esiste o non è tuo.' : errorText(error, 'Riprova tra poco.')}
        go={{ to: '/customer/orders', label: 'I miei ordini' }}
      />
    );
  }
  if (isPending) {
    return (
      <Box role="status" aria-label="Caricamento dell’ordine" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton width={280} height={48} />
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }

  const active = order.status !== 'completed' && order.status !== 'cancelled';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Button component={Link} to="/customer/orders" color="inherit" startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start' }}>
        I miei ordini
      </Button>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, overflowWrap: 'anywhere' }}>
            Ordine da {order.storeName}
          </Typography>
          <Typography color="text.secondary">
            n. {orderNumber(order.id)} · {formatDateTime(order.createdAt)}
          </Typography>
        </Box>
        <Box aria-live="polite" data-testid="order-status">
          <StatusBadge status={order.status} />
        </Box>
      </Box>

      {awaitingPayment(order) && <PayNow order={order} />}
      {order.status === 'completed' && <LeaveReview subjectType="order" subjectId={order.id} />}
      {order.status === 'cancelled' && (
        <Alert severity="info">
          Ordine annullato{order.cancelledBy ? ` ${cancelledByLabels[order.cancelledBy]}` : ''}
          {order.cancelReason ? `: «${order.cancelReason}»` : '.'}
          {order.paymentStatus === 'refunded' && ` L’importo pagato (${formatMoney(order.total)}) ti è stato rimborsato.`}
          {refundPending(order) && ` Il rimborso di ${formatMoney(order.total)} è in corso: lo riceverai sul metodo con cui hai pagato.`}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {order.deliveryType === 'pickup' && order.pickupCode && active && <PickupCode code={order.pickupCode} pickupTime={order.pickupTime} />}
          {order.deliveryType === 'pickup' && active && order.storeAddress && order.storeLatitude !== null && order.storeLongitude !== null && (
            <PickupPlace name={order.storeName} address={order.storeAddress} latitude={order.storeLatitude} longitude={order.storeLongitude} />
          )}
          {order.deliveryType === 'shipping' && order.deliveryCode && order.collaboratorName && active && (
            <DeliveryCode code={order.deliveryCode} collaboratorName={order.collaboratorName} />
          )}
          <Items order={order} />
          <CustomerWithdrawal order={order} />
          <SectionCard dense title="Consegna" icon={<LocalShippingIcon />}>
            <Detail label="Modalità" value={deliveryTypeLabels[order.deliveryType]} />
            {order.deliveryType === 'pickup' ? (
              <>
                {order.pickupTime && <Detail label="Quando" value={formatPickupTime(order.pickupTime)} />}
                <Detail
                  label="Dove"
                  value={
                    order.storeSlug ? (
                      <MuiLink component={Link} to={`/stores/${order.storeSlug}`}>
                        {order.storeName}
                      </MuiLink>
                    ) : (
                      order.storeName
                    )
                  }
                />
              </>
            ) : (
              <>
                {order.deliveryAddress && <Detail label="Indirizzo" value={order.deliveryAddress} />}
                {order.collaboratorName && <Detail label="Corriere" value={<span data-testid="order-courier">{order.collaboratorName}</span>} />}
                {order.collaboratorName && order.deliveryDeadline && active && <Detail label="Entro" value={formatDateTime(order.deliveryDeadline)} />}
              </>
            )}
            {order.notes && <Detail label="Note" value={order.notes} />}
          </SectionCard>
          <SectionCard dense title="Pagamento" icon={<PaymentsIcon />}>
            <Detail label="Metodo" value={paymentMethodLabel(order)} />
            <Detail label="Stato" value={<span data-testid="payment-status">{paymentStateLabel(order)}</span>} />
            <OrderMoney money={order.money} caseLink={(id) => casePath('customer', id)} />
          </SectionCard>
          <SectionCard dense title="I tuoi dati" icon={<PersonIcon />}>
            <Detail label="Nome" value={order.customerName} />
            <Detail label="Telefono" value={order.customerPhone} />
            <Detail label="E-mail" value={order.customerEmail} />
          </SectionCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <OrderStory entries={order.timeline} customerId={order.userId} />
          {order.allowedActions.includes('cancel') && <CancelOrder order={order} />}
          <DisputeOrder order={order} />
          {order.storeSlug && (
            <Button component={Link} to={`/stores/${order.storeSlug}`} variant="outlined" color="inherit" startIcon={<StorefrontIcon />} sx={{ borderColor: 'divider' }}>
              Vai al negozio
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * An order paid online and not paid yet: until when, and the way to the provider's page. Back from
 * it (`?pagamento=1`), the page waits for the provider's word, which the order shows on its own.
 */
function PayNow({ order }: { order: Order }) {
  const pay = usePayOrder();
  const [params] = useSearchParams();
  const back = params.has('pagamento');
  const due = order.paymentDueAt ? formatDateTime(order.paymentDueAt) : null;
  return (
    <Alert
      severity={back ? 'info' : 'warning'}
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={() => pay.mutate(order.id)} disabled={pay.isPending} sx={{ whiteSpace: 'nowrap' }}>
          {pay.isPending ? 'Apertura…' : 'Paga ora'}
        </Button>
      }
    >
      {back
        ? 'Stiamo aspettando la conferma del pagamento: questa pagina si aggiorna da sola. Se non hai completato il pagamento, puoi riprovare.'
        : `Ordine da pagare online${due ? ` entro ${due}` : ''}: il negozio lo prepara appena il pagamento arriva. Se non arriva in tempo, l’ordine si annulla da solo.`}
      {pay.error && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }} role="alert">
          {errorText(pay.error, 'Pagamento non aperto: riprova tra poco.')}
        </Box>
      )}
    </Alert>
  );
}

/** Issue [14]: a completed order may be disputed within 14 days of its completion. */
function DisputeOrder({ order }: { order: Order }) {
  const until = disputeOpenUntil(order);
  if (!until || until.getTime() < Date.now()) return null;
  return (
    <Card component="section" aria-label="Un problema con l’ordine?">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h4" component="h2" sx={{ fontSize: '1.1rem' }}>
          Un problema con l’ordine?
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Non ricevuto, articoli sbagliati o danneggiati: puoi aprire una contestazione entro il {formatDateTime(until.toISOString())}. La segui da «I miei casi».
        </Typography>
        <Box>
          <ReportProblemButton
            subject={{ kind: 'dispute', orderId: order.id, about: `da ${order.storeName} del ${formatDateTime(order.createdAt)}` }}
            label="Segnala un problema"
          />
        </Box>
      </CardContent>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '90px minmax(0, 1fr)', sm: '120px minmax(0, 1fr)' }, gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Items({ order }: { order: Order }) {
  return (
    <SectionCard dense title="Prodotti" icon={<ReceiptLongIcon />}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.items.map((item) => (
          <Box component="li" key={item.productId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, py: 0.75 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {item.quantity} × {formatMoney(item.price)}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>{formatMoney(item.lineTotal)}</Typography>
          </Box>
        ))}
      </Box>
      <Divider />
      <Sum label="Prodotti" value={formatMoney(order.subtotal)} />
      <Sum label={order.deliveryType === 'pickup' ? 'Ritiro in negozio' : 'Spedizione'} value={order.shippingCost ? formatMoney(order.shippingCost) : 'Gratis'} />
      <Sum label="Totale" value={formatMoney(order.total)} strong />
    </SectionCard>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }} color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: strong ? 800 : 400, fontSize: strong ? '1.2rem' : undefined, fontVariantNumeric: 'tabular-nums' }}
        data-testid={strong ? 'order-total' : undefined}
      >
        {value}
      </Typography>
    </Box>
  );
}

function byLabel(entry: OrderTimelineEntry, customerId: string): string {
  if (!entry.by) return '';
  if (entry.by.userId === customerId) return ' · da te';
  if (entry.by.role === 'shopkeeper') return ' · dal negozio';
  if (entry.by.role === 'admin') return ' · dall’amministrazione';
  if (entry.by.role === 'collaborator') return ' · dal collaboratore';
  return '';
}

/** Each change of state with its time, oldest first, the current one marked. */
function OrderStory({ entries, customerId }: { entries: OrderTimelineEntry[]; customerId: string }) {
  return (
    <Card component="section" aria-label="Storia dell’ordine">
      <CardContent>
        <Typography variant="h4" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          Storia dell’ordine
        </Typography>
        <Timeline
          steps={entries.map((entry) => ({
            key: `${entry.status}-${entry.at}`,
            title: orderStatusLabels[entry.status],
            detail: `${formatDateTime(entry.at)}${byLabel(entry, customerId)}`,
            note: entry.note,
          }))}
        />
      </CardContent>
    </Card>
  );
}

/** A cancellation's reason, as long as the orders' contract takes it. */
const MAX_CANCEL_REASON = 500;

function CancelOrder({ order }: { order: Order }) {
  const action = useOrderAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = () => {
    setProblem(null);
    // A reason too long says so under it: nothing is sent, nothing is cut.
    if (tooLong(reason, MAX_CANCEL_REASON)) return;
    // Awaited: the cancelled order no longer offers this button, so it may be gone when the answer comes.
    action.mutateAsync({ id: order.id, action: 'cancel', reason: reason.trim() || undefined }).then(
      () => {
        setOpen(false);
        toast({ title: 'Ordine annullato', description: `L’ordine da ${order.storeName} è stato annullato.`, variant: 'success' });
      },
      (error: unknown) => setProblem(errorText(error, 'Ordine non annullato: riprova tra poco.')),
    );
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={() => setOpen(true)}>
        Annulla ordine
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="cancel-order-title" fullWidth maxWidth="xs">
        <DialogTitle id="cancel-order-title">Annullare l’ordine?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            L’ordine da {order.storeName} ({formatMoney(order.total)}) verrà annullato e il negozio ne sarà avvisato. Si può annullare finché il negozio non lo accetta.
          </DialogContentText>
          <LimitedTextField label="Motivo (facoltativo)" value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} limit={MAX_CANCEL_REASON} />
          <FormError>{problem}</FormError>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            Non annullare
          </Button>
          <Button onClick={onConfirm} color="error" variant="contained" disabled={action.isPending}>
            {action.isPending ? 'Annullamento…' : 'Conferma annullamento'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
