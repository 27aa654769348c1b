import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormSection } from '../../../components/form-kit';
import { amountText } from '../../../lib/money';
import { useGlobalProductByBarcode, type GlobalProduct } from '../api';
import { barcodePattern, type ProductFormValues } from './product-form-values';
import { TextInput } from './ProductTextInput';
import { useSiteName } from '../../site-settings/api';

/** The shared catalogue's answer for the code looked up, as a message under the barcode. */
function LookupResult({ code, found, failed }: { code: string; found: GlobalProduct | null | undefined; failed: boolean }) {
  if (failed) return <Alert severity="error">Non è stato possibile consultare il catalogo condiviso: riprova tra poco.</Alert>;
  if (found === undefined)
    return (
      <Typography color="text.secondary" role="status">
        Ricerca di {code} nel catalogo condiviso...
      </Typography>
    );
  if (found === null)
    return (
      <Alert severity="info" role="status">
        Nuovo codice: verrà aggiunto al catalogo condiviso.
      </Alert>
    );
  return (
    <Alert severity="success" role="status">
      Prodotto trovato nel catalogo condiviso: usato da {found.storeCount} {found.storeCount === 1 ? 'negozio' : 'negozi'}. Abbiamo compilato i campi ancora vuoti con i suoi dati.
    </Alert>
  );
}

/** The barcode, looked up in the shared catalogue: a product found there fills what the shopkeeper has not written yet. */
export function BarcodeSection({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const site = useSiteName();
  const { control, getValues, setValue, setError } = form;
  const [lookupCode, setLookupCode] = useState<string | null>(null);
  const lookup = useGlobalProductByBarcode(lookupCode);

  const found = lookup.data;
  useEffect(() => {
    if (!found) return;
    const v = getValues();
    const fill = { shouldDirty: true, shouldValidate: true };
    if (!v.name.trim()) setValue('name', found.name, fill);
    if (!v.description.trim() && found.description) setValue('description', found.description, fill);
    if (!v.price.trim() && found.basePrice) setValue('price', amountText(found.basePrice), fill);
    if (!v.category && found.category) setValue('category', found.category, fill);
    if (!v.sku.trim() && found.sku) setValue('sku', found.sku, fill);
    const images = found.images.length ? found.images : found.imageUrl ? [found.imageUrl] : [];
    if (!v.images.length && images.length) setValue('images', images.slice(0, 10), fill);
  }, [found, getValues, setValue]);

  const searchCatalogue = () => {
    const code = getValues('barcode').trim();
    if (!barcodePattern.test(code)) {
      setError('barcode', { message: 'Scrivi il codice a barre (da 4 a 32 cifre o lettere) e poi cerca.' });
      return;
    }
    setLookupCode(code);
  };

  return (
    <FormSection title="Codice a barre" description={`Con il codice a barre cerchi il prodotto nel catalogo condiviso dei negozi di ${site}: se c’è, i dati si compilano da soli.`}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
        <TextInput name="barcode" control={control} label="Codice a barre (EAN)" slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }} />
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={searchCatalogue} sx={{ minHeight: 56 }}>
          Cerca nel catalogo condiviso
        </Button>
      </Box>
      {lookupCode && <LookupResult code={lookupCode} found={lookup.data} failed={lookup.isError} />}
    </FormSection>
  );
}
