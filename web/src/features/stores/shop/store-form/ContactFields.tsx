import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type { StoreFormValues } from './schema';
import { fieldsOf } from '../../../../components/form-kit';

function SwitchField({ name, label, hint }: { name: 'showPhone' | 'showEmail' | 'showMap'; label: string; hint: string }) {
  const { control } = useFormContext<StoreFormValues>();
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

/** How customers reach the shop, and which of it they see on its page. */
export function ContactFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<StoreFormValues>();
  const field = fieldsOf(register, errors);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Telefono" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
      </Box>
      <TextField label="Sito web" type="url" autoComplete="url" placeholder="https://" {...field('website')} />
      <Box sx={{ display: 'grid', gap: 1.5 }} role="group" aria-label="Cosa vedono i clienti">
        <Typography sx={{ fontWeight: 600 }}>Cosa vedono i clienti nella pagina del negozio</Typography>
        <SwitchField name="showPhone" label="Mostra il telefono" hint="Se lo nascondi, il numero resta visibile solo a te e a Vicino." />
        <SwitchField name="showEmail" label="Mostra l'e-mail" hint="Se la nascondi, i clienti ti scrivono tramite gli ordini." />
        <SwitchField name="showMap" label="Mostra la mappa" hint="La posizione sulla mappa aiuta chi viene a ritirare." />
      </Box>
    </>
  );
}
