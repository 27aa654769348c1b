import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled card with an icon, a region named by its title; `dense` for a page of several small
 * ones side by side (an order's delivery, payment and contact).
 */
export function SectionCard({ title, icon, dense = false, children }: { title: string; icon: ReactNode; dense?: boolean; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={dense ? { display: 'grid', gap: 1 } : { p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, ...(dense && { fontSize: '1.1rem' }), '& svg': { color: 'secondary.main' } }}>
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
