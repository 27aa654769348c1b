import { Alert, Box, FormControl, FormControlLabel, FormLabel, InputAdornment, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { formatMoney, numberText, optionalNumber } from '../../../../lib/money';
import type { StoreFormValues } from './schema';
import { useFormFields } from '../../../../components/form-kit';

function AmountInput({
  name,
  label,
  unit,
  helper,
}: {
  name: 'shippingRadius' | 'minimumOrderForShipping' | 'shippingCost' | 'freeShippingThreshold';
  label: string;
  unit: string;
  helper: string;
}) {
  const { field } = useFormFields<StoreFormValues>();
  return (
    <TextField
      label={label}
      {...field(name, helper)}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
    />
  );
}

/** The rule as the customer will meet it, from what is typed right now. */
function shippingRule(v: Pick<StoreFormValues, 'shippingRadius' | 'minimumOrderForShipping' | 'shippingCost' | 'freeShippingThreshold'>): string {
  const radius = optionalNumber(v.shippingRadius);
  const minimum = optionalNumber(v.minimumOrderForShipping);
  const cost = optionalNumber(v.shippingCost);
  const free = optionalNumber(v.freeShippingThreshold);
  const known = (n: number | null): n is number => n !== null && !Number.isNaN(n);
  const parts = [
    known(radius) ? `spedisci entro ${numberText(radius)} km dal negozio` : 'spedisci entro il raggio che indichi',
    known(minimum) && minimum > 0 ? `per ordini da ${formatMoney(minimum)} in su` : 'per ordini di qualsiasi importo',
    known(cost) ? (cost === 0 ? 'la spedizione è gratuita' : `il cliente paga ${formatMoney(cost)} di spedizione`) : 'il cliente paga il costo di spedizione',
  ];
  const freeText = known(free) && known(cost) && cost > 0 ? `, gratuita da ${formatMoney(free)}` : '';
  return `Con queste impostazioni ${parts[0]}, ${parts[1]}; ${parts[2]}${freeText}.`;
}

/** Pickup or also shipping, and the shipping rules. */
export function ShippingFields() {
  const { control, field } = useFormFields<StoreFormValues>();
  const [enabled, ...amounts] = useWatch({ control, name: ['shippingEnabled', 'shippingRadius', 'minimumOrderForShipping', 'shippingCost', 'freeShippingThreshold'] });
  const [shippingRadius, minimumOrderForShipping, shippingCost, freeShippingThreshold] = amounts;
  return (
    <>
      <Alert severity="info">
        Il ritiro in negozio è sempre disponibile. Se attivi la spedizione, la consegna a domicilio si può scegliere solo entro il raggio indicato e quando l'ordine raggiunge
        l'importo minimo; il costo di spedizione si aggiunge al totale e si azzera quando l'ordine arriva alla soglia di spedizione gratuita.
      </Alert>
      <Controller
        name="shippingEnabled"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="store-delivery">Come ricevono gli ordini i clienti</FormLabel>
            <RadioGroup aria-labelledby="store-delivery" value={field.value ? 'shipping' : 'pickup'} onChange={(e) => field.onChange(e.target.value === 'shipping')}>
              <FormControlLabel value="pickup" control={<Radio />} label="Solo ritiro in negozio" />
              <FormControlLabel value="shipping" control={<Radio />} label="Ritiro in negozio e spedizione a domicilio" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {enabled && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <AmountInput name="shippingRadius" label="Raggio di spedizione" unit="km" helper="Distanza massima dal negozio." />
            <AmountInput name="shippingCost" label="Costo di spedizione" unit="€" helper="0 se spedisci sempre gratis." />
            <AmountInput name="minimumOrderForShipping" label="Ordine minimo per la spedizione" unit="€" helper="Vuoto: nessun minimo." />
            <AmountInput name="freeShippingThreshold" label="Spedizione gratuita da" unit="€" helper="Vuoto: la spedizione si paga sempre." />
          </Box>
          <Typography color="text.secondary" aria-live="polite">
            {shippingRule({ shippingRadius, minimumOrderForShipping, shippingCost, freeShippingThreshold })}
          </Typography>
          <TextField
            label="Nota per i clienti"
            multiline
            minRows={2}
            placeholder="Consegna in giornata per ordini entro le 12:00."
            {...field('shippingNote', 'Giorni e orari di consegna, zone servite, come avvisi il cliente.')}
          />
        </>
      )}
    </>
  );
}
