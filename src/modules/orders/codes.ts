import { randomInt } from 'node:crypto';
import { DomainError } from '../../platform/domain/errors.js';
import { deliveryCodeRefused, MAX_ORDER_CODE_TRIES, pickupCodeRefused, type OrderCodeKind, type OrderEvent } from './order.js';

/** A customer's pickup or delivery code: six random digits. */
export const newOrderCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The answer to a wrong pickup or delivery code, once its try is stored (`events`, as the order
 * decided them): the tries left on this order, or that the customer has a new code now.
 */
export function wrongOrderCode(kind: OrderCodeKind, events: readonly OrderEvent[]): DomainError {
  const refused = kind === 'pickup' ? pickupCodeRefused : deliveryCodeRefused;
  const field = kind === 'pickup' ? 'pickupCode' : 'deliveryCode';
  const tries = events.find((e) => e.type === 'OrderCodeMistyped')?.data as { tries?: number } | undefined;
  const left = MAX_ORDER_CODE_TRIES - (tries?.tries ?? 0);
  const message = events.some((e) => e.type === 'OrderCodeReissued')
    ? `${refused} Dopo ${MAX_ORDER_CODE_TRIES} tentativi errati il codice è stato cambiato: il cliente ne ha ricevuto uno nuovo.`
    : `${refused} ${left === 1 ? 'Resta 1 tentativo' : `Restano ${left} tentativi`}, poi il cliente riceverà un nuovo codice.`;
  // Beside the field, the whole answer: the pages show a field's error in place of the message.
  return new DomainError(message, 'rule', { [field]: message });
}
