import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import { Box, Typography } from '@mui/material';
import type { CartStore } from '../cart/api';
import { formatMoney } from '../../lib/money';
import { formatKm } from '@platform/domain/format';
import type { ShippingCheck } from '@pure/orders/delivery';
import { FormError } from '../../components/FormError';

/** Radius, cost, free threshold and minimum, each ticked or flagged for this cart and address. */
export function ShippingRules({ store, check, error }: { store: CartStore; check: ShippingCheck; error?: string }) {
  const { shipping } = store;
  const rule = (ok: boolean | null, text: string) => (
    <Box component="li" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: ok === false ? 'error.main' : 'text.primary' }}>
      {ok === false ? (
        <ErrorOutlineIcon fontSize="small" sx={{ mt: '1px' }} />
      ) : ok ? (
        <CheckCircleIcon fontSize="small" color="success" sx={{ mt: '1px' }} />
      ) : (
        <LocalShippingIcon fontSize="small" color="action" sx={{ mt: '1px' }} />
      )}
      <span>{text}</span>
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box component="ul" aria-label={`Condizioni di spedizione di ${store.name}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, typography: 'body2' }}>
        {rule(
          check.inRadius,
          check.distance === null
            ? `Consegna entro ${formatKm(shipping.radiusKm)} dal negozio: indica l’indirizzo qui sotto.`
            : `Consegna entro ${formatKm(shipping.radiusKm)}: il tuo indirizzo è a ${formatKm(check.distance)}.`,
        )}
        {rule(
          shipping.cost === 0 || check.free ? true : null,
          shipping.cost === 0
            ? 'Spedizione gratuita.'
            : check.free
              ? `Spedizione gratuita: hai superato ${formatMoney(shipping.freeFrom ?? 0)}.`
              : `Costo di spedizione ${formatMoney(shipping.cost)}.`,
        )}
        {check.freeUsedUp && rule(null, 'Spedizione gratuita esaurita per questo periodo.')}
        {check.missingForFree !== null && rule(null, `Gratis da ${formatMoney(shipping.freeFrom ?? 0)}: ti mancano ${formatMoney(check.missingForFree)}.`)}
        {shipping.minimumOrder !== null &&
          rule(
            check.meetsMinimum,
            check.meetsMinimum
              ? `Ordine minimo ${formatMoney(shipping.minimumOrder)}: raggiunto.`
              : `Ordine minimo ${formatMoney(shipping.minimumOrder)}: ti mancano ${formatMoney(Math.round((shipping.minimumOrder - store.subtotal) * 100) / 100)}.`,
          )}
      </Box>
      {shipping.note && (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {shipping.note}
        </Typography>
      )}
      <FormError>{error}</FormError>
    </Box>
  );
}
