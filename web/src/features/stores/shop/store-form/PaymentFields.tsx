import { Alert, FormControl, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { StoreFormValues } from './schema';
import { SwitchField } from '../../../../components/SwitchField';

/** Online payments on top of cash at pickup, which every shop accepts. */
export function PaymentFields() {
  const { control, setValue } = useFormContext<StoreFormValues>();
  const online = useWatch({ control, name: 'onlinePaymentsEnabled' });
  return (
    <>
      <Alert severity="info">
        Il pagamento in contanti al ritiro in negozio è sempre disponibile. Se attivi i pagamenti online, i clienti possono anche pagare al momento dell'ordine con i metodi che
        scegli qui, una volta collegato il conto del negozio presso il fornitore (qui sotto).
      </Alert>
      <Controller
        name="onlinePaymentsEnabled"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormControlLabel
              sx={{ m: 0, gap: 1 }}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.checked);
                    // Turning online payments on offers card payments first, the common choice.
                    if (e.target.checked) setValue('stripePaymentsEnabled', true, { shouldDirty: true });
                  }}
                />
              }
              label={<Typography sx={{ fontWeight: 600 }}>Accetta pagamenti online</Typography>}
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <SwitchField name="stripePaymentsEnabled" control={control} disabled={!online} label="Carta di credito o di debito" hint="Pagamenti con carta tramite Stripe." nested />
      <SwitchField name="paypalPaymentsEnabled" control={control} disabled={!online} label="PayPal" hint="Il cliente paga con il suo conto PayPal." nested />
    </>
  );
}
