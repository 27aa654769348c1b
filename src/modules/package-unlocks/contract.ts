import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post, timestamps } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';
import { idempotencyKeyOf } from '../../platform/http/schemas.js';
import { requestStatuses, requestTypes } from '../collaboration-requests/labels.js';
import { purchaseMethods } from '../packages/contract.js';
import { purchaseAttemptStatuses, unlockStatuses } from './labels.js';
import { ofStore } from '../stores/contract.js';

/** A package unlock (docs/api-collaboration-requests.md `PackageUnlock`); a collaborator reads no price but their compensation. */
export const packageUnlock = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  shopkeeperId: z.uuid(),
  ...ofStore,
  collaboratorId: z.uuid().nullable(),
  collaboratorName: z.string().nullable(),
  packageId: z.uuid(),
  packageName: z.string(),
  /** What the shopkeeper pays: 0 when free of charge; null in the collaborator's view. */
  price: euros.nullable(),
  collaboratorCompensation: euros.nullable(),
  siteCommission: euros.nullable(),
  commissionPercentage: z.number().nullable(),
  unlockStatus: z.enum(unlockStatuses),
  unlockedBy: z.enum(['collaborator_accepted', 'admin_override']).nullable(),
  adminUserId: z.uuid().nullable(),
  unlockReason: z.string().nullable(),
  specialConditions: z.string().nullable(),
  freeOfCharge: z.boolean(),
  unlockedAt: isoTime.nullable(),
  purchaseDeadline: isoTime.nullable(),
  purchasedAt: isoTime.nullable(),
  paymentId: z.uuid().nullable(),
  /** The purchase deadline passed unpaid. */
  lapsed: z.boolean(),
  /** The request's own budget (null in the collaborator's view): the page says when the package costs more. */
  requestBudget: euros.nullable(),
  /**
   * The shop's latest attempt to pay it, while not purchased: pending at the provider (`pending`), in
   * its hands (`processing`), refused (`failed`, with the provider's reason) or given up (`cancelled`).
   * Null when none was made (and in the collaborator's view).
   */
  lastPayment: z.object({ status: z.enum(purchaseAttemptStatuses), reason: z.string().nullable() }).nullable(),
  requestStatus: z.enum(requestStatuses),
  ...timestamps,
});
export type PackageUnlock = z.infer<typeof packageUnlock>;

/** The purchase's header: retried with the same key, the same payment. */
export const unlockPurchaseKey = idempotencyKeyOf('serve a non pagare due volte lo stesso pacchetto');

const adminUnlockBody = z.strictObject({
  reason: z.string({ error: 'Motivo: campo obbligatorio.' }).trim().min(1, 'Motivo: campo obbligatorio.').max(500, 'Motivo: al massimo 500 caratteri.'),
  specialConditions: z.string({ error: 'Condizioni speciali: deve essere un testo.' }).trim().max(1000, 'Condizioni speciali: al massimo 1000 caratteri.').nullish(),
  freeOfCharge: z.boolean({ error: 'Gratuito: vero o falso.' }).default(false),
  purchaseDeadline: z.iso.datetime({ offset: true, error: 'Scadenza dell’acquisto: data e ora ISO 8601.' }).optional(),
});

/**
 * An unlock in the admin's list and page (GET /api/admin/package-unlocks): the unlock as the
 * admin reads it, with its request's type and the name of the admin who unlocked it.
 */
export const adminPackageUnlock = packageUnlock.omit({ requestBudget: true, lastPayment: true }).extend({
  requestType: z.enum(requestTypes),
  adminName: z.string().nullable(),
  price: euros,
});
export type AdminPackageUnlock = z.infer<typeof adminPackageUnlock>;

const admin = adminResource('/api/admin/package-unlocks', adminPackageUnlock);

/** Issue [12]: the collaboration package a shopkeeper unlocks and buys. */
export const packageUnlocksApi = api('sblocchi dei pacchetti collaboratore', {
  list: get('/api/package-unlocks', 'Gli sblocchi dei pacchetti collaboratore: del negoziante, del collaboratore che nominano (solo il suo compenso), tutti (amministratore)', {
    200: z.array(packageUnlock),
  }),
  purchase: post(
    '/api/package-unlocks/:id/purchase',
    'Il negoziante acquista il pacchetto sbloccato (intestazione Idempotency-Key): gratuito → acquistato subito; altrimenti apre il pagamento e ne dà la pagina (paymentUrl)',
    { 200: z.object({ unlock: packageUnlock, paymentId: z.uuid().nullable(), paymentUrl: z.string().nullable() }) },
    { params: idParams, body: z.object({ paymentMethod: z.enum(purchaseMethods, { error: 'Metodo di pagamento: sandbox, stripe o paypal.' }) }) },
  ),
  adminUnlock: post(
    '/api/admin/package-unlocks/:id/unlock',
    'L’amministratore sblocca il pacchetto con un motivo, condizioni speciali ed eventualmente gratuito; la cronologia mostra chi e perché',
    { 200: packageUnlock },
    { params: idParams, body: adminUnlockBody },
  ),
  adminList: admin.list(
    'Gli sblocchi dei pacchetti collaboratore per l’amministrazione, dal più recente, con filtri per stato, gratuità e scadenza passata e ricerca per negozio o collaboratore (Content-Range)',
  ),
  adminGet: admin.get('Uno sblocco del pacchetto collaboratore: chi l’ha sbloccato, perché, a quali condizioni'),
});
