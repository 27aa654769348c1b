import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';

/** The export's address: only the filters that were filled in. */
export function exportUrl(from: string, types: string): string {
  const query = new URLSearchParams();
  if (from.trim()) query.set('from', from.trim());
  const list = types.split(/[\s,]+/).filter(Boolean);
  if (list.length) query.set('types', list.join(','));
  const text = query.toString();
  return `/api/admin/events/export${text ? `?${text}` : ''}`;
}

/**
 * The event log as NDJSON (secrets masked), streamed by the server straight into a download:
 * the same export as `npm run events:export`.
 */
export function EventExport() {
  const [from, setFrom] = useState('');
  const [types, setTypes] = useState('');
  return (
    <Box component="form" onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField label="Dalla posizione" value={from} onChange={(e) => setFrom(e.target.value)} helperText="Vuoto: dall'inizio" size="small" />
      <TextField
        label="Tipi di evento"
        value={types}
        onChange={(e) => setTypes(e.target.value)}
        helperText="Separati da virgole, es. OrderPlaced,StoreApproved. Vuoto: tutti"
        size="small"
        sx={{ minWidth: { xs: '100%', sm: 360 } }}
      />
      <Button variant="contained" startIcon={<DownloadIcon />} href={exportUrl(from, types)} download="eventi.ndjson">
        Scarica NDJSON
      </Button>
    </Box>
  );
}
