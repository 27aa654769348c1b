import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import type { CartStore } from '../cart/api';
import { week } from '../stores/week';

/** The shop's week at a glance, Monday first, behind a toggle so the form stays short. */
export function WeekHours({ store }: { store: CartStore }) {
  const [open, setOpen] = useState(false);
  const id = `hours-${store.id}`;
  return (
    <Box>
      <Button size="small" color="inherit" startIcon={<ScheduleIcon />} onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={id} sx={{ px: 1 }}>
        {open ? 'Nascondi gli orari' : 'Orari della settimana'}
      </Button>
      {open && <WeekTable id={id} store={store} />}
    </Box>
  );
}

function WeekTable({ id, store }: { id: string; store: CartStore }) {
  return (
    <Box
      component="dl"
      id={id}
      aria-label={`Orari di ${store.name}`}
      sx={{ m: 0, mt: 1, pl: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2', color: 'text.secondary' }}
    >
      {week.map(({ key, short }) => {
        const slots = store.openingHours?.[key] ?? [];
        return (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {short}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {slots.length ? slots.map((s) => `${s.open}–${s.close}`).join(', ') : 'Chiuso'}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
