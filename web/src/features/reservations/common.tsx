import EventIcon from '@mui/icons-material/Event';
import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import { reservationStatusLabel, type Reservation, type ReservationStatus } from './api';
import { formatNearDay, romeToday } from '../../lib/dates';

/* What the customer's and the shop's reservation pages share. */

const colors: Record<ReservationStatus, ChipProps['color']> = {
  pending: 'warning',
  confirmed: 'info',
  ready: 'primary',
  completed: 'success',
  cancelled: 'default',
};

export function ReservationBadge({ reservation }: { reservation: Pick<Reservation, 'status' | 'expired'> }) {
  return <Chip size="small" label={reservationStatusLabel(reservation)} color={colors[reservation.status]} variant={reservation.expired ? 'outlined' : 'filled'} />;
}

/** "Oggi", "Domani" or "sabato 3 maggio 2025", with the preferred time when there is one. */
export function pickupDayText(r: Pick<Reservation, 'reservationDate' | 'preferredPickupTime'>, today: string = romeToday()): string {
  const day = formatNearDay(r.reservationDate, today);
  return r.preferredPickupTime ? `${day}, verso le ${r.preferredPickupTime}` : day;
}

export function PickupDay({ reservation }: { reservation: Pick<Reservation, 'reservationDate' | 'preferredPickupTime'> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'text.secondary' }}>
      <EventIcon fontSize="small" />
      <Typography component="span" variant="body2">
        Ritiro: {pickupDayText(reservation)}
      </Typography>
    </Box>
  );
}

/** Still to be collected: the ones a person acts on first. */
export const openStatuses: ReadonlySet<ReservationStatus> = new Set(['pending', 'confirmed', 'ready']);

/**
 * Open reservations first, by pickup day (the soonest on top); then the closed ones, newest first.
 */
export function sortReservations<T extends Pick<Reservation, 'status' | 'reservationDate' | 'preferredPickupTime' | 'createdAt'>>(list: T[]): T[] {
  const open = list.filter((r) => openStatuses.has(r.status));
  const closed = list.filter((r) => !openStatuses.has(r.status));
  const pickupKey = (r: T) => `${r.reservationDate} ${r.preferredPickupTime ?? '99:99'}`;
  open.sort((a, b) => pickupKey(a).localeCompare(pickupKey(b)) || a.createdAt.localeCompare(b.createdAt));
  closed.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return [...open, ...closed];
}
