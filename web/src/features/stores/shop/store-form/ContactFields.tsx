import { Box, TextField, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { SwitchField } from '../../../../components/SwitchField';
import type { StoreFormValues } from './schema';
import { fieldsOf } from '../../../../components/form-kit';
import { useSiteName } from '../../../site-settings/api';

/** How customers reach the shop, and which of it they see on its page. */
export function ContactFields() {
  const site = useSiteName();
  const { register, control, formState } = useFormContext<StoreFormValues>();
  const field = fieldsOf(register, formState.errors);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Telefono" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
      </Box>
      <TextField label="Sito web" type="url" autoComplete="url" placeholder="https://" {...field('website')} />
      <Box sx={{ display: 'grid', gap: 1.5 }} role="group" aria-label="Cosa vedono i clienti">
        <Typography sx={{ fontWeight: 600 }}>Cosa vedono i clienti nella pagina del negozio</Typography>
        <SwitchField control={control} name="showPhone" label="Mostra il telefono" hint={`Se lo nascondi, il numero resta visibile solo a te e a ${site}.`} />
        <SwitchField control={control} name="showEmail" label="Mostra l'e-mail" hint="Se la nascondi, i clienti ti scrivono tramite gli ordini." />
        <SwitchField control={control} name="showMap" label="Mostra la mappa" hint="La posizione sulla mappa aiuta chi viene a ritirare." />
      </Box>
    </>
  );
}
