import { randomUUID } from 'node:crypto';
import { scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { addDays, reservationDecider, reservationStreamId, romeDate, type ReservationCommand } from './reservation.js';

const reservation = randomUUID();

export const scenarios = [
  scenario<ReservationCommand>(
    'reservations',
    reservationStreamId(reservation),
    reservationDecider,
    [],
    [
      {
        type: 'RequestReservation',
        now,
        reservation: {
          reservationId: reservation,
          userId: worldIds.customer,
          storeId: worldIds.store,
          storeOwnerId: worldIds.shopkeeper,
          storeName: worldStore.name,
          productId: worldIds.product,
          productName: 'Pane di Altamura',
          quantity: 2,
          reservationDate: addDays(romeDate(now), 1),
          customerName: 'Mario Bianchi',
          customerPhone: '+39 333 1234567',
          customerEmail: 'mario@esempio.it',
          preferredPickupTime: '17:30',
          notes: 'Ben cotto',
        },
      },
      { type: 'ConfirmReservation', shopkeeperNotes: 'Pronto dalle 17' },
      { type: 'MarkReservationReady' },
      { type: 'CompleteReservation' },
      { type: 'CancelReservation', by: 'customer', reason: 'Cambio di programma' },
      { type: 'ExpireReservation', now: new Date(now.getTime() + 3 * 86_400_000) },
    ],
  ),
];
