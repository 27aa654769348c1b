import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { reservationsPersonalExport } from './personal-export.js';
import { reservationNotices } from './notices.js';
import { reservationExpiryJob } from './expiry-process.js';
import { reservationsProjection } from './projection.js';
import { reservationDecider, reservationStreamId } from './reservation.js';
import { reservationRoutes } from './routes.js';
import { reservationsPersonalData } from './personal-data.js';

/** Items kept aside for a customer to collect by a chosen day, and their expiry. */
export const reservationsModule: ModuleManifest = {
  name: 'reservations',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [reservationRoutes],
  projections: [reservationsProjection],
  events: {
    ReservationRequested: 'Prenotazione richiesta',
    ReservationConfirmed: 'Prenotazione confermata',
    ReservationReady: 'Prenotazione pronta per il ritiro',
    ReservationCompleted: 'Prenotazione ritirata',
    ReservationCancelled: 'Prenotazione annullata',
  },
  personalData: reservationsPersonalData,
  personalExport: reservationsPersonalExport,
  notices: reservationNotices,
  summaries: {
    ReservationRequested: (d) => `Prenotazione di ${String(d.quantity)} × «${said.text(d.productName)}» presso${said.quoted(d.storeName)}.`,
    ReservationConfirmed: (d) => `Prenotazione di «${said.text(d.productName)}» confermata da${said.quoted(d.storeName)}.`,
    ReservationReady: (d) => `Prenotazione di «${said.text(d.productName)}» pronta presso${said.quoted(d.storeName)}.`,
    ReservationCompleted: (d) => `Prenotazione di «${said.text(d.productName)}» ritirata presso${said.quoted(d.storeName)}.`,
    ReservationCancelled: (d) => `Prenotazione di «${said.text(d.productName)}» annullata ${said.cancelledBy(d.by)}.`.replace(' .', '.'),
  },
  audited: { reservation: { stream: reservationStreamId, decider: () => reservationDecider } },
  jobs: [reservationExpiryJob],
};
