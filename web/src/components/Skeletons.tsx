import { Box, Skeleton } from '@mui/material';

/**
 * What stands where a page's content will be while it is read: one grey block a part, of that
 * part's height, announced to screen readers by `label` ("Caricamento degli ordini").
 */
export function Skeletons({ label, heights, gap }: { label: string; heights: number[]; gap: number }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', gap }}>
      {heights.map((height, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Box>
  );
}
