import { FormControl, FormControlLabel, FormHelperText, FormLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, TextField, Typography } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useCategories } from '../../api';
import { storeTypes, type StoreFormValues } from './schema';
import { fieldsOf } from '../../../../components/form-kit';

/** Name, category, description and kind of shop. */
export function DetailsFields() {
  const { register, control, formState: { errors } } = useFormContext<StoreFormValues>();
  const field = fieldsOf(register, errors);
  const { data: categories = [] } = useCategories();
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
                <MenuItem key={c.slug} value={c.slug}>{c.name}</MenuItem>
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
                  label={<>{t.label} <Typography component="span" variant="body2" color="text.secondary">— {t.hint}</Typography></>}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
    </>
  );
}
