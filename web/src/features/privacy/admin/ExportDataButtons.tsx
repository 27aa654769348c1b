import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button } from '@mui/material';
import { useRecordContext } from 'react-admin';

/**
 * On a user's page: the admin downloads the person's data (GDPR art. 15) to send it to them, when
 * they asked the administration rather than downloading it from their own settings. Each download
 * is noted in the account's Cronologia.
 */
export function ExportDataButtons(_: { label?: false }) {
  const user = useRecordContext<{ id: string; status: string }>();
  if (!user || user.status === 'erased') return null;
  const href = (format: 'html' | 'json') => `/api/admin/users/${user.id}/export/${format}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Button variant="outlined" startIcon={<DownloadIcon />} href={href('html')} download>
        Esporta i dati (riepilogo)
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} href={href('json')} download>
        Esporta i dati (JSON)
      </Button>
    </Box>
  );
}
