import { Box, Card, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * An empty or error state, on a card where the page's content would be: an icon, a title, one
 * helpful sentence and what to do next.
 */
export function EmptyState({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <Card>
      <Box sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <Box
          sx={{ width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: (t) => alpha(t.palette.primary.main, 0.35), '& svg': { fontSize: 32 } }}
        >
          {icon}
        </Box>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          {text}
        </Typography>
        {action}
      </Box>
    </Card>
  );
}
