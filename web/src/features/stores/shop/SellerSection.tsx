import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, Skeleton, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { FormSection } from '../../../components/form-kit';
import { toast } from '../../../components/toast/toast-store';
import { ApiError, errorText } from '../../../lib/client';
import { useDeclareSeller, useMySeller } from '../api';

const statusText = { declared: 'In attesa della verifica dell’amministrazione.', verified: 'Verificata dall’amministrazione.', refused: 'Respinta' } as const;

/**
 * «Chi vende» in the shop's settings (issue [21]): a trader with its partita IVA, or a private seller
 * (to whom the consumer's rights of the Codice del Consumo do not apply); the admin checks it, and
 * the shop's page says it.
 */
export function SellerSection() {
  const { data, isPending, error } = useMySeller();
  const declare = useDeclareSeller();
  const [sellerType, setSellerType] = useState<'trader' | 'private'>('trader');
  const [vatNumber, setVatNumber] = useState('');
  const [problem, setProblem] = useState<{ vatNumber?: string; form?: string }>({});
  const seller = data?.seller ?? null;
  useEffect(() => {
    if (seller) {
      setSellerType(seller.sellerType);
      setVatNumber(seller.vatNumber ?? '');
    }
  }, [seller]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    try {
      await declare.mutateAsync({ sellerType, vatNumber: sellerType === 'trader' ? vatNumber : null });
      toast({ title: 'Dichiarazione salvata', description: 'L’amministrazione la verificherà.', variant: 'success' });
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.vatNumber : undefined;
      setProblem(field ? { vatNumber: field } : { form: errorText(err, 'Dichiarazione non salvata: riprova tra poco.') });
    }
  };
  return (
    <FormSection
      title="Chi vende"
      description="La legge chiede di dire ai clienti se vendi come professionista (con partita IVA) o come privato: lo mostriamo nella pagina del negozio, dopo la verifica dell’amministrazione."
    >
      {isPending && <Skeleton variant="rounded" height={120} />}
      {error && <Alert severity="error">{errorText(error, 'Dichiarazione non disponibile: riprova tra poco.')}</Alert>}
      {!isPending && !error && (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5 }} aria-label="Chi vende">
          {seller && (
            <Alert severity={seller.status === 'verified' ? 'success' : seller.status === 'refused' ? 'warning' : 'info'}>
              {seller.status === 'refused' ? `${statusText.refused}: ${seller.reason ?? ''}. Correggi e salva di nuovo.` : statusText[seller.status]}
            </Alert>
          )}
          {problem.form && <Alert severity="error">{problem.form}</Alert>}
          <RadioGroup value={sellerType} onChange={(_, value) => setSellerType(value as 'trader' | 'private')} aria-label="Tipo di venditore">
            <FormControlLabel value="trader" control={<Radio />} label="Venditore professionale (impresa o ditta individuale con partita IVA)" />
            <FormControlLabel value="private" control={<Radio />} label="Venditore privato" />
          </RadioGroup>
          {sellerType === 'trader' ? (
            <TextField
              label="Partita IVA"
              value={vatNumber}
              onChange={(e) => setVatNumber(e.target.value)}
              required
              error={Boolean(problem.vatNumber)}
              helperText={problem.vatNumber ?? '11 cifre, per esempio 01234567897.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              sx={{ maxWidth: 320 }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Ai clienti diremo che acquistano da un privato: i diritti dei consumatori del Codice del Consumo, come il recesso, non si applicano.
            </Typography>
          )}
          <Button type="submit" variant="contained" disabled={declare.isPending} sx={{ justifySelf: 'start' }}>
            {declare.isPending ? 'Salvataggio…' : 'Salva la dichiarazione'}
          </Button>
        </Box>
      )}
    </FormSection>
  );
}
