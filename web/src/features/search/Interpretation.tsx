import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { SearchPage } from './api';
import type { FilterChanges } from './search-filters';

/** Of the words the page says a search also looked for («Anche: spaghetti, penne…»), this many. */
const expansionsShown = 5;

/**
 * How the words were read, as search engines say it: the query as typed offered after a
 * correction («Cerca invece «lampadne»»), the way back to corrections after it, and the words of
 * the same meaning also searched («Anche: spaghetti, penne…»).
 */
export function Interpretation({
  q,
  asTyped,
  reading,
  hrefWith,
}: {
  q: string;
  asTyped: boolean;
  reading: SearchPage['interpretation'] | null;
  hrefWith: (changes: FilterChanges) => string;
}) {
  const corrected = reading?.correctedQuery ?? null;
  const expansions = reading?.expansions ?? [];
  if (!asTyped && !corrected && !expansions.length) return null;
  const more = expansions.length > expansionsShown;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 0.5, overflowWrap: 'anywhere' }}>
      {corrected && !asTyped && (
        <Typography>
          <MuiLink component={Link} to={hrefWith({ q, asTyped: 'true' })} sx={{ fontWeight: 700 }}>
            {`Cerca invece «${q}»`}
          </MuiLink>
        </Typography>
      )}
      {asTyped && (
        <Typography color="text.secondary">
          Parole cercate come le hai scritte.{' '}
          <MuiLink component={Link} to={hrefWith({ q, asTyped: '' })} sx={{ fontWeight: 600 }}>
            Correggi gli errori di battitura
          </MuiLink>
        </Typography>
      )}
      {expansions.length > 0 && (
        <Typography color="text.secondary" title={more ? `Anche: ${expansions.join(', ')}` : undefined}>
          {`Anche: ${expansions.slice(0, expansionsShown).join(', ')}${more ? '…' : ''}`}
        </Typography>
      )}
    </Box>
  );
}
