import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the checkout, named for screen readers by its title. */
export function CheckoutSection({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, '& svg': { color: 'secondary.main' } }}>
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
