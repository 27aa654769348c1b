import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../../lib/client';
import { awaitingPayment, deliveryTypeLabels, orderStatusLabels, paymentMethodLabel, paymentStateLabel, refundPending, useOrder, type Order } from '../api';
import { formatMoney } from '../../../lib/money';
import { casePath } from '../../complaints/paths';
import { OrderMoney } from '../OrderMoney';
import { StatusBadge } from '../../../components/StatusBadge';
import { Timeline } from '../../../components/Timeline';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { actorLabel, formatWhen, orderNumber } from './order-figures';
import { OrderActionButtons } from './OrderActions';
import { Skeletons } from '../../../components/Skeletons';
import { OrderDelivery } from '../../tasks/shop/OrderDelivery';
import { ShopWithdrawal } from '../Withdrawal';

const cancelledByLabels = { customer: 'dal cliente', store: 'dal negozio', admin: 'dall’amministratore', system: 'automaticamente' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 1.25 }}>
        <Typography variant="h4" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Items({ order }: { order: Order }) {
  return (
    <Section title="Prodotti">
      <Box sx={{ overflowX: 'auto', mx: -2 }}>
        <Table size="small" aria-label="Prodotti dell’ordine">
          <TableHead>
            <TableRow>
              <TableCell>Prodotto</TableCell>
              <TableCell align="right">Q.tà</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                Prezzo
              </TableCell>
              <TableCell align="right">Importo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.items.map((item) => (
              <TableRow key={item.productId}>
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: '8em' }}>{item.name}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {item.quantity}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatMoney(item.price)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.lineTotal)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter sx={{ '& td': { color: 'text.primary', fontSize: '0.95rem', borderBottom: 0 } }}>
            <TableRow>
              <TableCell colSpan={2}>Subtotale</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(order.subtotal)}
              </TableCell>
            </TableRow>
            {order.deliveryType === 'shipping' && (
              <TableRow>
                <TableCell colSpan={2}>Spedizione</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {order.shippingCost ? formatMoney(order.shippingCost) : 'Gratis'}
                </TableCell>
              </TableRow>
            )}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 800 }}>
                Totale
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
              <TableCell align="right" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
                {formatMoney(order.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Pagamento: {paymentMethodLabel(order)} · <span data-testid="payment-status">{paymentStateLabel(order)}</span>
      </Typography>
      <OrderMoney money={order.money} caseLink={(id) => casePath('shopkeeper', id)} />
    </Section>
  );
}

function Customer({ order }: { order: Order }) {
  return (
    <Section title="Cliente">
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{order.customerName}</Typography>
      <MuiLink href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`} sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
        <PhoneOutlinedIcon fontSize="small" /> {order.customerPhone}
      </MuiLink>
      <MuiLink href={`mailto:${order.customerEmail}`} sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', overflowWrap: 'anywhere', minWidth: 0 }}>
        <EmailOutlinedIcon fontSize="small" /> <span style={{ minWidth: 0 }}>{order.customerEmail}</span>
      </MuiLink>
    </Section>
  );
}

function Delivery({ order }: { order: Order }) {
  const pickup = order.deliveryType === 'pickup';
  const open = order.status !== 'completed' && order.status !== 'cancelled';
  const mapUrl =
    order.deliveryLatitude != null && order.deliveryLongitude != null
      ? `https://www.openstreetmap.org/?mlat=${order.deliveryLatitude}&mlon=${order.deliveryLongitude}#map=17/${order.deliveryLatitude}/${order.deliveryLongitude}`
      : null;
  return (
    <Section title="Consegna">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {pickup ? <StorefrontOutlinedIcon color="action" /> : <LocalShippingOutlinedIcon color="action" />}
        <Typography sx={{ fontWeight: 700 }}>{deliveryTypeLabels[order.deliveryType]}</Typography>
      </Box>
      {pickup && (
        <Typography>
          {order.pickupTime ? (
            <>
              {open ? 'Il cliente passa' : 'Ritiro previsto'}: <strong>{formatWhen(order.pickupTime)}</strong>
            </>
          ) : (
            'Orario di ritiro non indicato.'
          )}
        </Typography>
      )}
      {pickup && open && (
        <Typography variant="body2" color="text.secondary">
          Alla consegna chiedi il codice di ritiro di 6 cifre.
        </Typography>
      )}
      {!pickup && <Typography sx={{ overflowWrap: 'anywhere' }}>{order.deliveryAddress ?? 'Indirizzo non indicato.'}</Typography>}
      {!pickup && mapUrl && (
        <Button href={mapUrl} target="_blank" rel="noopener noreferrer" size="small" startIcon={<MapOutlinedIcon />} sx={{ justifySelf: 'start' }}>
          Apri sulla mappa
        </Button>
      )}
    </Section>
  );
}

function OrderStory({ order }: { order: Order }) {
  return (
    <Section title="Cronologia">
      <Timeline
        steps={order.timeline.map((entry) => ({
          key: `${entry.status}-${entry.at}`,
          title: orderStatusLabels[entry.status],
          detail: `${formatWhen(entry.at)} · ${actorLabel(entry.by)}`,
          note: entry.note,
        }))}
      />
    </Section>
  );
}

/**
 * Everything the shop needs to prepare and hand over the order of the address (`:id`), with the
 * way `back` to its list: the shop's, or the session's of a collaborator working for the shop.
 */
export function OrderDetail({ back }: { back: { to: string; label: string } }) {
  const { id } = useParams();
  const { data: order, error, isPending } = useOrder(id);
  const backLink = (
    <Button component={Link} to={back.to} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
      {back.label}
    </Button>
  );

  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        {backLink}
        <EmptyState
          icon={<ReceiptLongIcon />}
          title={missing ? 'Ordine non trovato' : 'Non riusciamo a mostrare l’ordine'}
          text={missing ? 'L’ordine non esiste o non è del tuo negozio.' : errorText(error, 'Riprova tra poco.')}
        />
      </>
    );
  }
  if (isPending) {
    return (
      <>
        {backLink}
        <Skeletons label="Caricamento dell’ordine" heights={[64, 220]} gap={2} />
      </>
    );
  }

  return (
    <>
      {backLink}
      <DashboardHeader
        title={`Ordine di ${order.customerName}`}
        subtitle={`${orderNumber(order.id)} · ricevuto ${formatWhen(order.createdAt).replace(/^[A-Z]/, (c) => c.toLowerCase())}`}
        aside={
          <Box aria-label="Stato dell’ordine">
            <StatusBadge status={order.status} />
          </Box>
        }
      />
      {order.status === 'cancelled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Ordine annullato{order.cancelledBy ? ` ${cancelledByLabels[order.cancelledBy]}` : ''}
          {order.cancelReason ? `: «${order.cancelReason}»` : '.'}
          {refundPending(order) && ` Il pagamento online di ${formatMoney(order.total)} viene rimborsato al cliente.`}
          {order.paymentStatus === 'refunded' && ` Il pagamento online di ${formatMoney(order.total)} è stato rimborsato al cliente.`}
        </Alert>
      )}
      {order.allowedActions.length > 0 && (
        <Card component="section" aria-label="Azioni" sx={{ mb: 2, p: 2, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{nextStepText(order)}</Typography>
          <OrderActionButtons order={order} actions={order.allowedActions} />
        </Card>
      )}
      {/* Two columns on a wide screen; on a phone one, with the delivery and the customer right after the items. */}
      <Box
        sx={{
          display: { xs: 'flex', md: 'grid' },
          flexDirection: 'column',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
          alignItems: { xs: 'stretch', md: 'start' },
        }}
      >
        <Box sx={{ display: { xs: 'contents', md: 'grid' }, gap: 2, minWidth: 0 }}>
          <Box sx={{ order: 1, minWidth: 0 }}>
            <Items order={order} />
          </Box>
          {order.withdrawal.state !== null && (
            <Box sx={{ order: 1, minWidth: 0 }}>
              <Section title="Diritto di recesso">
                <ShopWithdrawal order={order} />
              </Section>
            </Box>
          )}
          {order.notes?.trim() && (
            <Box sx={{ order: 4, minWidth: 0 }}>
              <Section title="Note del cliente">
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{order.notes}</Typography>
              </Section>
            </Box>
          )}
          <Box sx={{ order: 5, minWidth: 0 }}>
            <OrderStory order={order} />
          </Box>
        </Box>
        <Box sx={{ display: { xs: 'contents', md: 'grid' }, gap: 2, minWidth: 0 }}>
          <Box sx={{ order: 3, minWidth: 0 }}>
            <Customer order={order} />
          </Box>
          <Box sx={{ order: 2, minWidth: 0, display: 'grid', gap: 2 }}>
            <Delivery order={order} />
            <OrderDelivery order={order} />
          </Box>
        </Box>
      </Box>
    </>
  );
}

/** /shopkeeper/orders/:id. */
export default function OrderDetailPage() {
  return <OrderDetail back={{ to: '/shopkeeper/orders', label: 'Tutti gli ordini' }} />;
}

function nextStepText(order: Order): string {
  switch (order.status) {
    case 'pending':
      return awaitingPayment(order)
        ? 'Il cliente sta pagando online: potrai accettarlo appena il pagamento arriva. Se non arriva entro 30 minuti, l’ordine si annulla da solo.'
        : 'Nuovo ordine: accettalo per iniziare a prepararlo.';
    case 'preparing':
      if (order.deliveryTaskId) return 'Quando è pronto, segnalo: il collaboratore passa a ritirarlo.';
      return order.deliveryType === 'pickup' ? 'Quando è pronto, il cliente riceve l’avviso per il ritiro.' : 'Quando è pronto, potrai spedirlo o affidarne la consegna.';
    case 'ready':
      return order.deliveryType === 'pickup' ? 'In attesa del cliente: completa alla consegna con il suo codice.' : 'Pronto da spedire.';
    case 'shipping':
      return 'In consegna: completa quando il cliente lo ha ricevuto.';
    default:
      return '';
  }
}
