import { Skeleton, TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Controller } from 'react-hook-form';
import type { StoreFormValues } from './schema';
import { useFormFields } from '../../../../components/form-kit';

/** Leaflet loads only when a position field is on screen. */
const MapPicker = lazy(() => import('../../../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

/** The address the customers read and the point on the map the distance is measured from. */
export function LocationFields() {
  const { control, field } = useFormFields<StoreFormValues>();
  return (
    <>
      <TextField
        label="Indirizzo"
        required
        autoComplete="street-address"
        placeholder="Via del Governo Vecchio 52, 00186 Roma RM"
        {...field('address', 'Come lo leggono i clienti: via, numero civico, CAP e città.')}
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
