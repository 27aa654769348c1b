import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import type { CartStore } from '../cart/api';
import type { Weekday } from '../stores/api';

const weekdayNames: Record<Weekday, string> = { '1': 'Lun', '2': 'Mar', '3': 'Mer', '4': 'Gio', '5': 'Ven', '6': 'Sab', '0': 'Dom' };
const mondayFirst: Weekday[] = ['1', '2', '3', '4', '5', '6', '0'];

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
    <Box component="dl" id={id} aria-label={`Orari di ${store.name}`} sx={{ m: 0, mt: 1, pl: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2', color: 'text.secondary' }}>
      {mondayFirst.map((d) => {
        const slots = store.openingHours?.[d] ?? [];
        return (
          <Box key={d} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>{weekdayNames[d]}</Box>
            <Box component="dd" sx={{ m: 0 }}>{slots.length ? slots.map((s) => `${s.open}–${s.close}`).join(', ') : 'Chiuso'}</Box>
          </Box>
        );
      })}
    </Box>
  );
}
