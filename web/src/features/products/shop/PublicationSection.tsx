import { Box, FormControl, FormControlLabel, FormHelperText, InputLabel, MenuItem, Select, Switch, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { FormSection } from '../../../components/form-kit';
import { productStatusLabels, type ProductStatus } from '../api';
import { statusHints, type ProductFormValues } from './product-form-values';

/** A switch of the form with its label and what it does. */
function SwitchField({ name, control, label, hint }: { name: 'featured' | 'onSale'; control: Control<ProductFormValues>; label: string; hint: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
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
}

/** Whether and how customers see the product: its status, in evidence, on sale. */
export function PublicationSection({ control }: { control: Control<ProductFormValues> }) {
  return (
    <FormSection title="Pubblicazione">
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <FormControl>
            <InputLabel id="product-status">Stato</InputLabel>
            <Select labelId="product-status" label="Stato" {...field}>
              {(Object.keys(productStatusLabels) as ProductStatus[]).map((s) => (
                <MenuItem key={s} value={s}>
                  {productStatusLabels[s]}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{statusHints[field.value]}</FormHelperText>
          </FormControl>
        )}
      />
      <SwitchField name="featured" control={control} label="In evidenza" hint="Compare per primo nella pagina del negozio." />
      <SwitchField name="onSale" control={control} label="In offerta" hint="Porta l'etichetta «In offerta»." />
    </FormSection>
  );
}
