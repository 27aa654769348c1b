import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { FormSection } from '../../../components/form-kit';
import { SwitchField } from '../../../components/SwitchField';
import { productStatusLabels, type ProductStatus } from '../api';
import { statusHints, type ProductFormValues } from './product-form-values';

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
      <SwitchField
        name="onSale"
        control={control}
        label="In offerta"
        hint="Porta l'etichetta «In offerta». Accanto al prezzo mostriamo il più basso dei 30 giorni precedenti, come chiede la legge (Codice del Consumo, art. 17-bis); frutta, verdura, pane, carne, pesce e fiori ne sono esenti."
      />
    </FormSection>
  );
}
