import { Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import type { CartStore } from '../cart/api';
import { paymentMethodLabel, type DeliveryType } from '../orders/api';
import { formatMoney } from '../../lib/money';
import { storeDelivers } from '@pure/orders/delivery';
import { FormError } from '../../components/FormError';

/** The aside: each shop's products, delivery and total, the grand total and the button that orders. */
export function OrderSummary({
  stores,
  deliveryOf,
  paymentOf,
  costOf,
  total,
  formError,
  sending,
  disabled,
  onConfirm,
}: {
  stores: CartStore[];
  deliveryOf: (store: CartStore) => DeliveryType;
  paymentOf: (store: CartStore) => string;
  costOf: (store: CartStore) => number;
  total: number;
  formError: string | null;
  sending: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <Card component="aside" aria-label="Riepilogo dell’ordine" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
      <CardContent sx={{ display: 'grid', gap: 1.25 }}>
        <Typography variant="h4" component="h2">
          Riepilogo
        </Typography>
        {stores.map((s) => {
          const cost = costOf(s);
          const ships = deliveryOf(s) === 'shipping';
          return (
            <Box key={s.id} sx={{ display: 'grid', gap: 0.25 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{s.name}</Typography>
              <Line label="Prodotti" value={formatMoney(s.subtotal)} />
              {storeDelivers(s) ? (
                <>
                  <Line label={ships ? 'Spedizione' : 'Ritiro in negozio'} value={cost === 0 ? 'Gratis' : formatMoney(cost)} />
                  <Line label="Totale negozio" value={formatMoney(Math.round((s.subtotal + cost) * 100) / 100)} strong />
                  <Typography variant="body2" color="text.secondary">
                    Pagamento: {paymentMethodLabel({ paymentMethod: paymentOf(s), deliveryType: deliveryOf(s) })}
                  </Typography>
                </>
              ) : (
                <Line label="Ritiro o consegna" value="Non disponibili" />
              )}
            </Box>
          );
        })}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>Totale</Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.5rem' }} data-testid="checkout-total">
            {formatMoney(total)}
          </Typography>
        </Box>
        <FormError>{formError}</FormError>
        <Button variant="contained" size="large" onClick={onConfirm} disabled={sending || disabled}>
          {sending ? 'Invio in corso…' : stores.length === 1 ? 'Conferma ordine' : `Conferma ${stores.length} ordini`}
        </Button>
        {stores.length > 1 && (
          <Typography variant="caption" color="text.secondary">
            Ogni negozio riceve il suo ordine e lo prepara per conto suo.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}
