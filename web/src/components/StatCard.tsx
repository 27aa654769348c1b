import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon: ReactNode }) {
  return (
    // A half-width card on a phone puts its icon above the figure, which then keeps "€ 0,00" on one line.
    <Card sx={{ height: '100%', containerType: 'inline-size' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', '@container (max-width: 220px)': { flexDirection: 'column', gap: 1 } }}>
        <Box sx={{ width: 44, height: 44, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2 }} data-testid={`stat-${label}`}>
            {value}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * A responsive grid of stat cards, as many as fit: two side by side at 375 px, or one under the
 * other when a card needs more room (`min` px: a figure of four digits and cents).
 */
export function StatGrid({ min = 160, children }: { min?: number; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`, mb: 3 }}>{children}</Box>;
}
