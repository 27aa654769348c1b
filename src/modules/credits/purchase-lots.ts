import { derivedId } from '../../platform/commands/ids.js';

/** The lot of credits a purchase brought (a pack, a plan with credits), named after its payment: one however often it is added. */
export const creditsLotOf = (transactionId: string): string => derivedId('credits-lot', transactionId);
