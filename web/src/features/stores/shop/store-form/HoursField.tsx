import { Alert, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { OpeningHours } from '../../api';
import { formatOpeningHours, OpeningHoursEditor, typicalOpeningHours } from '../../OpeningHoursEditor';
import { missingHoursText } from '../MissingHoursNotice';
import type { StoreFormValues } from './schema';

/** The week's hours, or none yet: a shop may open on Vicino before its hours are decided. */
export function HoursField() {
  const { control } = useFormContext<StoreFormValues>();
  // The hours last set, put back when the owner changes their mind about leaving them out.
  const [kept, setKept] = useState<OpeningHours>(typicalOpeningHours);
  return (
    <Controller
      name="openingHours"
      control={control}
      render={({ field, fieldState }) => (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={field.value === null}
                onChange={(e) => {
                  if (e.target.checked && field.value) setKept(field.value);
                  field.onChange(e.target.checked ? null : kept);
                }}
              />
            }
            label="Non ho ancora deciso gli orari: li indico più tardi"
          />
          {field.value === null ? (
            <Alert severity="warning">{missingHoursText} Potrai aggiungerli quando vuoi dalle impostazioni del negozio.</Alert>
          ) : (
            <OpeningHoursEditor value={field.value} onChange={field.onChange} />
          )}
          {/* The days' own messages are in the editor; this one sums them up, or says what the server found. */}
          {fieldState.error ? (
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          ) : (
            <Typography color="text.secondary" aria-live="polite">
              In breve, come li leggono i clienti: {formatOpeningHours(field.value)}.
            </Typography>
          )}
        </>
      )}
    />
  );
}
