import { FormControl, FormControlLabel, FormHelperText, FormLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, TextField, Typography } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { AiButton } from '../../../ai/AiButton';
import { useCategories } from '../../api';
import { storeTypes, type StoreFormValues } from './schema';
import { useFormFields } from '../../../../components/form-kit';

/** Name, category, description (which the AI may write) and kind of shop. */
export function DetailsFields() {
  const { control, getValues, setValue, field } = useFormFields<StoreFormValues>();
  const { data: categories = [] } = useCategories();
  // A description the AI wrote arrives by code: the label moves out of its way.
  const description = useWatch({ control, name: 'description' });
  const shopInput = () => {
    const v = getValues();
    if (!v.name.trim()) return null;
    return {
      name: v.name.trim(),
      category: categories.find((c) => c.slug === v.category)?.name,
      notes: v.description.trim() || undefined,
    };
  };
  return (
    <>
      <TextField label="Nome del negozio" required {...field('name')} />
      <Controller
        name="category"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl required error={!!fieldState.error}>
            <InputLabel id="store-category">Categoria</InputLabel>
            <Select labelId="store-category" label="Categoria" {...field}>
              {categories.map((c) => (
                <MenuItem key={c.slug} value={c.slug}>
                  {c.name}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{fieldState.error?.message ?? 'Aiuta i clienti a trovarti quando cercano per categoria.'}</FormHelperText>
          </FormControl>
        )}
      />
      <TextField
        label="Descrizione"
        multiline
        minRows={3}
        {...field('description', 'Cosa vendi, da quanto tempo, cosa vi rende speciali.')}
        slotProps={{ inputLabel: { shrink: Boolean(description) || undefined } }}
      />
      <AiButton
        functionName="shop-description"
        label="Scrivi con l’AI"
        input={shopInput}
        missing="Scrivi prima il nome del negozio; quello che c’è nella descrizione vale come appunti per l’AI."
        onAnswer={(answer) => setValue('description', answer.text, { shouldDirty: true, shouldValidate: true })}
      />
      <Controller
        name="storeType"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="store-type">Tipo di negozio</FormLabel>
            <RadioGroup aria-labelledby="store-type" {...field}>
              {storeTypes.map((t) => (
                <FormControlLabel
                  key={t.value}
                  value={t.value}
                  control={<Radio />}
                  label={
                    <>
                      {t.label}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        — {t.hint}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
    </>
  );
}
