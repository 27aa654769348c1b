import type { PaymentFields } from '../../src/modules/payments/payment.js';

/** A payment by card of a Premium plan (29.90 €) through the sandbox, for no package or assignment in particular; `changes` override any field. */
export function aPayment(userId: string, changes: Partial<PaymentFields> = {}): PaymentFields {
  return {
    userId,
    transactionType: 'package_purchase',
    amountCents: 2990,
    currency: 'EUR',
    paymentMethod: 'credit_card',
    paymentProvider: 'sandbox',
    description: 'Piano Premium, 30 giorni',
    packageId: null,
    assignmentId: null,
    metadata: { purpose: { kind: 'test' } },
    ...changes,
  };
}
