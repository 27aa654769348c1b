import { Box, Button, Card, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The usual way out of an empty page: a contained button to another page, with its icon if it has one. */
export interface EmptyStateLink {
  to: string;
  label: string;
  icon?: ReactNode;
}

/**
 * An empty or error state, on a card where the page's content would be: an icon, a title, one
 * helpful sentence and what to do next (`go`: a link to another page; `action`: anything else).
 */
export function EmptyState({ icon, title, text, go, action }: { icon: ReactNode; title: string; text: string; go?: EmptyStateLink; action?: ReactNode }) {
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
        {go && (
          <Button component={Link} to={go.to} variant="contained" startIcon={go.icon}>
            {go.label}
          </Button>
        )}
        {action}
      </Box>
    </Card>
  );
}
