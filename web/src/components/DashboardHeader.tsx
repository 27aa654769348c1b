import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../features/site-settings/api';

export function DashboardHeader({ title, subtitle, aside }: { title: string; subtitle?: string; aside?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' } }}>
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      </Box>
      {aside}
    </Box>
  );
}
