import { Box, Typography } from '@mui/material';

/** A value as a person reads it: nested objects indented, lists joined, nothing as raw JSON braces. */
function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : '—';
  return String(value);
}

/** The fields of an event or of a state, one per line; objects inside are shown as their own lists. */
export function ValueList({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return <Typography variant="body2">{text(value)}</Typography>;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return <Typography variant="body2" color="text.secondary">nessun dato</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, pl: depth ? 1.5 : 0, display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
      {entries.map(([key, v]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{key}</Typography>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v !== null && typeof v === 'object' && !Array.isArray(v) ? <ValueList value={v} depth={depth + 1} /> : <Typography variant="body2">{text(v)}</Typography>}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
