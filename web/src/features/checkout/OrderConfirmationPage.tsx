import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { deliveryTypeLabels, paymentMethodLabel, useOrder } from '../orders/api';
import { usePageTitle } from '../site-settings/api';
import { formatMoney } from '../../lib/money';
import { formatPickupTime } from '../../lib/dates';
import { EmptyState } from '../../components/EmptyState';
import { PickupCode } from '../orders/PickupCode';

/** /customer/checkout/confirmation?orders=… — what was ordered, with the pickup codes, right after checkout. */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const ids = (params.get('orders') ?? '').split(',').filter(Boolean);
  usePageTitle('Ordine inviato');

  if (ids.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptLongIcon />}
        title="Nessun ordine da mostrare"
        text="I tuoi ordini sono sempre nella pagina «I miei ordini»."
        go={{ to: '/customer/orders', label: 'I miei ordini' }}
      />
    );
  }

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ textAlign: 'center', py: { xs: 1, sm: 2 } }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {ids.length === 1 ? 'Ordine inviato!' : `${ids.length} ordini inviati!`}
        </Typography>
        <Typography color="text.secondary">Il negozio conferma e prepara: ti avvisiamo con una notifica a ogni passo.</Typography>
      </Box>
      {ids.map((id) => (
        <ConfirmedOrder key={id} id={id} />
      ))}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to="/customer/orders" variant="contained">
          I miei ordini
        </Button>
        <Button component={Link} to="/search" color="inherit">
          Continua a cercare
        </Button>
      </Box>
    </Box>
  );
}

function ConfirmedOrder({ id }: { id: string }) {
  const { data: order, error, isPending } = useOrder(id);
  if (error) return <Alert severity="error">{errorText(error, 'Non riusciamo a mostrare questo ordine.')}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={200} role="status" aria-label="Caricamento dell’ordine" />;
  return (
    <Card component="section" aria-label={`Ordine da ${order.storeName}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {order.storeName}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.3rem' }}>{formatMoney(order.total)}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {order.items.map((i) => `${i.quantity} × ${i.name}`).join(' · ')}
          {order.shippingCost > 0 && ` · spedizione ${formatMoney(order.shippingCost)}`}
        </Typography>
        {order.deliveryType === 'pickup' && order.pickupCode ? (
          <PickupCode code={order.pickupCode} pickupTime={order.pickupTime} />
        ) : (
          <Typography sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <LocalShippingIcon color="secondary" />
            <span>
              {deliveryTypeLabels[order.deliveryType]}
              {order.deliveryAddress && (
                <>
                  {' '}
                  a <strong>{order.deliveryAddress}</strong>
                </>
              )}
              {order.pickupTime && ` · ${formatPickupTime(order.pickupTime)}`}
            </span>
          </Typography>
        )}
        <Typography variant="body2">
          Da pagare {formatMoney(order.total)} · {paymentMethodLabel(order)}
        </Typography>
        <Button component={Link} to={`/customer/orders/${order.id}`} variant="outlined" sx={{ justifySelf: 'start' }}>
          Vedi l’ordine
        </Button>
      </CardContent>
    </Card>
  );
}
