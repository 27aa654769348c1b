import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Label and value pairs (a description list): the labels in a narrow column beside the values
 * (at most 45 % of the width), also on a phone; a long value wraps. `stacked`: on a phone (below 600 px) each label above its
 * value instead, for long labels and long names. A row given as `false`/null (`cond && [label, value]`) is not shown.
 */
export function Facts({ rows, stacked = false }: { rows: ([label: string, value: ReactNode] | false | null | undefined)[]; stacked?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        // The labels' column is as wide as its longest label, up to 45 %: a long label wraps between its words, so a value is never broken mid-word on a phone.
        gridTemplateColumns: stacked ? { xs: 'minmax(0, 1fr)', sm: 'fit-content(45%) minmax(0, 1fr)' } : 'fit-content(45%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: stacked ? { xs: 0, sm: 0.5 } : 0.5,
        '& dt': stacked ? { color: 'text.secondary', fontSize: { xs: '0.85rem', sm: 'inherit' }, mt: { xs: 0.75, sm: 0 } } : { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows
        .filter((row) => !!row)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
    </Box>
  );
}
