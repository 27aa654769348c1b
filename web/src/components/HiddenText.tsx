import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only, read in its place among the visible text (a state the eye reads
 * from a colour or a dot: «Da leggere»). Unlike an aria-label on the whole item, the visible text
 * stays part of its name (WCAG 2.5.3).
 */
export function HiddenText({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' }}
    >
      {children}
    </Box>
  );
}
