import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import { Skeleton, TextField, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { CartStore } from '../cart/api';
import { formatKm } from '@platform/domain/format';
import type { ShippingCheck } from '@pure/orders/delivery';
import type { CheckoutValues } from './checkout-schema';
import { SectionCard } from '../../components/SectionCard';

/* Leaflet loads only when the customer chooses shipping. */
const MapPicker = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

const addressWording = {
  hint: 'Tocca la mappa dove vuoi ricevere l’ordine, o trascina il segnaposto; puoi anche usare la tua posizione.',
  mapLabel: 'Mappa per scegliere dove consegnare',
  pinTitle: 'Indirizzo di consegna',
};

/** The address and the place on the map for the shops that ship, each told whether it reaches it. */
export function DeliveryAddress({ shipping, checkOf }: { shipping: CartStore[]; checkOf: (store: CartStore) => ShippingCheck }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  return (
    <SectionCard title="Dove consegnare" icon={<PlaceIcon />}>
      <TextField
        label="Indirizzo di consegna"
        required
        placeholder="Via, numero civico, città"
        {...register('deliveryAddress')}
        autoComplete="street-address"
        error={Boolean(errors.deliveryAddress)}
        helperText={errors.deliveryAddress?.message ?? 'Citofono, scala e piano vanno nelle note per il negozio che spedisce.'}
      />
      <Controller
        control={control}
        name="position"
        render={({ field }) => (
          <>
            <Suspense fallback={<Skeleton variant="rounded" height={320} role="status" aria-label="Caricamento della mappa" />}>
              <MapPicker value={field.value ?? null} onChange={field.onChange} error={errors.position?.message} wording={addressWording} />
            </Suspense>
            {field.value &&
              shipping.map((s) => {
                const check = checkOf(s);
                return (
                  <Typography
                    key={s.id}
                    variant="body2"
                    sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: check.inRadius ? 'success.main' : 'error.main', fontWeight: 600 }}
                  >
                    {check.inRadius ? <CheckCircleIcon fontSize="small" /> : <ErrorOutlineIcon fontSize="small" />}
                    {s.name}: {formatKm(check.distance!)}{' '}
                    {check.inRadius ? `(consegna entro ${formatKm(s.shipping.radiusKm)})` : `— fuori dal raggio di ${formatKm(s.shipping.radiusKm)}`}
                  </Typography>
                );
              })}
          </>
        )}
      />
    </SectionCard>
  );
}
