import { Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A chart under its title, or "no data" when the period has none (admin and shop analytics). */
export function ChartCard({ title, empty, children, outlined = false }: { title: string; empty: boolean; children: ReactNode; outlined?: boolean }) {
  return (
    <Card component="section" aria-label={title} variant={outlined ? 'outlined' : 'elevation'}>
      <CardContent>
        <Typography variant="h6" component="h2">{title}</Typography>
        {empty ? <Typography color="text.secondary" sx={{ py: 4 }}>Nessun dato nel periodo.</Typography> : children}
      </CardContent>
    </Card>
  );
}

/** The period the analytics cover: the last 7, 30 or 90 days. */
export function PeriodSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <TextField select size="small" label="Periodo" value={days} onChange={(e) => onChange(Number(e.target.value))} sx={{ minWidth: 180 }}>
      <MenuItem value={7}>Ultimi 7 giorni</MenuItem>
      <MenuItem value={30}>Ultimi 30 giorni</MenuItem>
      <MenuItem value={90}>Ultimi 90 giorni</MenuItem>
    </TextField>
  );
}
