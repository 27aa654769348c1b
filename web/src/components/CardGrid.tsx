import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Cards side by side where there is room (each at least `min` px wide), one under the other on a phone. */
export function CardGrid({ min = 320, children }: { min?: number; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))` }}>{children}</Box>;
}
