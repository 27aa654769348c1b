import { withReason } from '../../platform/domain/format.js';
import { notice, type NoticesOf } from '../../platform/module.js';
import type { ReservationEvent, ReservationRef } from './reservation.js';

const day = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "12 marzo 2026" from "2026-03-12". */
const dayName = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : day.format(at);
};
const what = (ref: ReservationRef): string => `${ref.quantity} × «${ref.productName}»`;
const customerPage = '/customer/reservations';
const shopPage = '/shopkeeper/reservations';

/** A reservation's steps, told to its customer and, when they act, to its shop. */
export const reservationNotices: NoticesOf<ReservationEvent> = {
  ReservationRequested: {
    kind: 'reservations',
    tell: ({ data: r }) => [
      notice(
        r.userId,
        'Prenotazione inviata',
        `La tua prenotazione di ${what(r)} presso «${r.storeName}» per il ${dayName(r.reservationDate)} è stata inviata: il negozio la confermerà a breve.`,
        customerPage,
      ),
      notice(
        r.storeOwnerId,
        'Nuova prenotazione',
        `${r.customerName} ha prenotato ${what(r)} per il ${dayName(r.reservationDate)}${r.preferredPickupTime ? ` (ritiro verso le ${r.preferredPickupTime})` : ''}.`,
        shopPage,
      ),
    ],
  },
  ReservationConfirmed: {
    kind: 'reservations',
    tell: ({ data: r }) => {
      const note = r.shopkeeperNotes.trim() ? ` Nota del negozio: ${r.shopkeeperNotes.trim()}` : '';
      return [
        notice(r.userId, 'Prenotazione confermata', `«${r.storeName}» ha confermato la tua prenotazione di ${what(r)} per il ${dayName(r.reservationDate)}.${note}`, customerPage),
      ];
    },
  },
  ReservationReady: {
    kind: 'reservations',
    tell: ({ data: r }) => [notice(r.userId, 'Prenotazione pronta', `La tua prenotazione di ${what(r)} presso «${r.storeName}» è pronta per il ritiro.`, customerPage)],
  },
  ReservationCompleted: {
    kind: 'reservations',
    tell: ({ data: r }) => [notice(r.userId, 'Prenotazione ritirata', `Hai ritirato ${what(r)} presso «${r.storeName}». Grazie!`, customerPage)],
  },
  ReservationCancelled: {
    kind: 'reservations',
    tell: ({ data: r }) => {
      const which = `${what(r)} presso «${r.storeName}» per il ${dayName(r.reservationDate)}`;
      if (r.expired) return [notice(r.userId, 'Prenotazione scaduta', `La tua prenotazione di ${which} è scaduta: non è stata ritirata in tempo.`, customerPage)];
      const toCustomer =
        r.by === 'customer' ? `Hai annullato la prenotazione di ${which}.` : withReason(`«${r.storeName}» ha annullato la tua prenotazione di ${which}.`, r.reason);
      return [
        notice(r.userId, 'Prenotazione annullata', toCustomer, customerPage),
        ...(r.by === 'customer'
          ? [
              notice(
                r.storeOwnerId,
                'Prenotazione annullata dal cliente',
                withReason(`Il cliente ha annullato la prenotazione di ${what(r)} per il ${dayName(r.reservationDate)}.`, r.reason),
                shopPage,
              ),
            ]
          : []),
      ];
    },
  },
};
