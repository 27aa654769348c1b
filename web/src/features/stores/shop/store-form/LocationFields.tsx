import { Skeleton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { StoreFormValues } from './schema';
import { useFormFields } from '../../../../components/form-kit';
import { AddressField } from '../../../geocoding/AddressField';
import { pinPlacedAt, type GeocodedPlace } from '../../../geocoding/api';

/** Leaflet loads only when a position field is on screen. */
const MapPicker = lazy(() => import('../../../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

const addressHint = 'Come lo leggono i clienti: via, numero civico, CAP e città. Scegli un suggerimento o premi Invio: il segnaposto lo segue.';

/** What the pin says after the address moved it: how near the shop it is, by what the address was found to be. */
function placedHint(place: GeocodedPlace): string {
  const { exact, text } = pinPlacedAt(place);
  return exact ? `${text}: controlla che sia sul negozio.` : `${text}: spostalo sul negozio, sulla mappa o con le coordinate.`;
}

/** The address the customers read and the point on the map the distance is measured from: the pin follows the address typed (issue [22]) and can still be moved. */
export function LocationFields() {
  const { control, setValue } = useFormFields<StoreFormValues>();
  const [placed, setPlaced] = useState<GeocodedPlace | null>(null);
  return (
    <>
      <Controller
        name="address"
        control={control}
        render={({ field, fieldState }) => (
          <AddressField
            label="Indirizzo"
            name={field.name}
            required
            size="medium"
            placeholder="Via del Governo Vecchio 52, 00186 Roma RM"
            value={field.value}
            onChange={field.onChange}
            onPlace={(place) => {
              setPlaced(place);
              setValue('position', { latitude: place.latitude, longitude: place.longitude }, { shouldDirty: true, shouldValidate: true });
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? (placed ? placedHint(placed) : addressHint)}
          />
        )}
      />
      <Controller
        name="position"
        control={control}
        render={({ field, fieldState }) => (
          <Suspense fallback={<Skeleton variant="rounded" height={360} role="status" aria-label="Caricamento della mappa" />}>
            <MapPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          </Suspense>
        )}
      />
    </>
  );
}
