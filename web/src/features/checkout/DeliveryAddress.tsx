import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import { Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { CartStore } from '../cart/api';
import { formatKm } from '@platform/domain/format';
import type { ShippingCheck } from '@pure/orders/delivery';
import type { CheckoutValues } from './checkout-schema';
import { SectionCard } from '../../components/SectionCard';
import { AddressField } from '../geocoding/AddressField';
import { pinPlacedAt, type GeocodedPlace } from '../geocoding/api';

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
    setValue,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  const [placed, setPlaced] = useState<GeocodedPlace | null>(null);
  return (
    <SectionCard title="Dove consegnare" icon={<PlaceIcon />}>
      <Controller
        control={control}
        name="deliveryAddress"
        render={({ field }) => (
          <AddressField
            label="Indirizzo di consegna"
            name={field.name}
            required
            size="medium"
            placeholder="Via, numero civico, città"
            value={field.value}
            onChange={field.onChange}
            onPlace={(place) => {
              // The point comes from the address (issue [22]): the shops' radius is checked on it at once.
              setPlaced(place);
              setValue('position', { latitude: place.latitude, longitude: place.longitude }, { shouldDirty: true, shouldValidate: true });
            }}
            error={Boolean(errors.deliveryAddress)}
            helperText={
              errors.deliveryAddress?.message ??
              (placed && !pinPlacedAt(placed).exact
                ? `${pinPlacedAt(placed).text}: spostalo sulla tua porta per una distanza esatta.`
                : 'Scegli un suggerimento o premi Invio: il segnaposto lo segue. Citofono, scala e piano vanno nelle note.')
            }
          />
        )}
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
