import { Box, Typography } from '@mui/material';

/** A plain value as a person reads it. */
function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  return String(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function Value({ value, label, depth }: { value: unknown; label: (key: string) => string; depth: number }) {
  if (isObject(value)) return <ValueList value={value} label={label} depth={depth + 1} />;
  if (Array.isArray(value)) {
    if (!value.length) return <Typography variant="body2">—</Typography>;
    if (value.some(isObject)) {
      return (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {value.map((item, i) => (
            <li key={i}>
              <Value value={item} label={label} depth={depth} />
            </li>
          ))}
        </Box>
      );
    }
    return <Typography variant="body2">{value.map(text).join(', ')}</Typography>;
  }
  return <Typography variant="body2">{text(value)}</Typography>;
}

/**
 * The fields of an event or of a state, one per line, named in Italian by `label`; objects and
 * lists inside are shown as their own lists, never as raw JSON.
 */
export function ValueList({ value, label, depth = 0, hide }: { value: unknown; label: (key: string) => string; depth?: number; hide?: (key: string, v: unknown) => boolean }) {
  if (!isObject(value)) return <Value value={value} label={label} depth={depth} />;
  const entries = Object.entries(value).filter(([k, v]) => !hide?.(k, v));
  if (!entries.length) return <Typography variant="body2" color="text.secondary">nessun dato</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, pl: depth ? 1.5 : 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(90px, max-content) minmax(0, 1fr)' }, columnGap: 1.5, rowGap: 0.25 }}>
      {entries.map(([key, v]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.5, sm: 0 } }}>{label(key)}</Typography>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Value value={v} label={label} depth={depth} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
