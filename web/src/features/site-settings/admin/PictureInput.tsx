import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../../admin/dataProvider';

/** A picture field: the current image, and an upload (POST /api/uploads) whose URL becomes the value. */
export function PictureInput({ source, resource }: { source: string; resource: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = translate(`resources.${resource}.fields.${source}`);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      field.onChange(await dataProvider.upload(file));
    } catch (e) {
      setError((e as Error).message || 'Caricamento non riuscito.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {field.value ? (
          <Box
            component="img"
            src={field.value as string}
            alt={label}
            sx={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}
          />
        ) : (
          <Typography variant="body2">Nessuna immagine</Typography>
        )}
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy}>
          {busy ? 'Caricamento…' : 'Carica immagine'}
          <input hidden type="file" accept="image/png,image/jpeg,image/webp" onChange={choose} aria-label={`Carica ${label}`} />
        </Button>
        {field.value && (
          <Button color="error" onClick={() => field.onChange(null)} disabled={busy}>
            Rimuovi
          </Button>
        )}
      </Box>
      <FormHelperText error={Boolean(error || fieldState.error)}>{error ?? fieldState.error?.message ?? 'JPEG, PNG o WebP fino a 5 MB.'}</FormHelperText>
    </Box>
  );
}
