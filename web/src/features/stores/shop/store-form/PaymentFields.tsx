import { Alert, Box, FormControl, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { StoreFormValues } from './schema';

/** Online payments on top of cash at pickup, which every shop accepts. */
export function PaymentFields() {
  const { control, setValue } = useFormContext<StoreFormValues>();
  const online = useWatch({ control, name: 'onlinePaymentsEnabled' });
  const method = (name: 'stripePaymentsEnabled' | 'paypalPaymentsEnabled', label: string, hint: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1, ml: { xs: 2, sm: 6 } }}
          disabled={!online}
          control={<Switch checked={online && field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
          label={
            <Box>
              <Typography>{label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            </Box>
          }
        />
      )}
    />
  );
  return (
    <>
      <Alert severity="info">
        Il pagamento in contanti al ritiro in negozio è sempre disponibile. Se attivi i pagamenti online, i clienti possono anche pagare al momento dell'ordine con i metodi che
        scegli qui.
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
      {method('stripePaymentsEnabled', 'Carta di credito o di debito', 'Pagamenti con carta tramite Stripe.')}
      {method('paypalPaymentsEnabled', 'PayPal', 'Il cliente paga con il suo conto PayPal.')}
    </>
  );
}
