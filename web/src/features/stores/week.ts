import type { Weekday } from './api';

/** The week as Italians read it, Monday first; the keys are the API's (0 = domenica). */
export const week: { key: Weekday; name: string; short: string }[] = [
  { key: '1', name: 'Lunedì', short: 'Lun' },
  { key: '2', name: 'Martedì', short: 'Mar' },
  { key: '3', name: 'Mercoledì', short: 'Mer' },
  { key: '4', name: 'Giovedì', short: 'Gio' },
  { key: '5', name: 'Venerdì', short: 'Ven' },
  { key: '6', name: 'Sabato', short: 'Sab' },
  { key: '0', name: 'Domenica', short: 'Dom' },
];
