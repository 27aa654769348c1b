import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post } from '../../platform/http/contract.js';
import { idempotencyKeyOf, requiredText } from '../../platform/http/schemas.js';
import { MAX_CREDITS_PER_MOVEMENT } from './ledger.js';
import { pageQuery } from '../../platform/http/paging.js';
import { purchaseAnswer, purchaseMethods } from '../packages/contract.js';

/** One movement of a user's credits, with what it was for (+ in, − out; a charge settles its hold). */
export const creditMovement = z.object({
  id: z.uuid(),
  kind: z.enum([
    'purchase',
    'adjustment',
    'spend',
    'hold',
    'charge',
    'release',
    'removal',
    'withdrawal',
    'expiry',
    'transfer_out',
    'transfer_in',
    'transfer_return',
    'transfer_back',
  ]),
  credits: z.number().int(),
  action: z.string().nullable(),
  description: z.string(),
  relatedEntity: z.object({ type: z.string(), id: z.string() }).nullable(),
  at: isoTime,
});
export type CreditMovement = z.infer<typeof creditMovement>;

/** A purchase of credits: the pack, its credits and price, and how its payment went. */
export const creditPurchaseRecord = z.object({
  id: z.uuid(),
  packageName: z.string(),
  credits: z.number().int(),
  amount: z.number(),
  status: z.enum(['pending', 'completed', 'failed', 'refunded']),
  createdAt: isoTime,
});

/** A user's credits: what can be spent now, what expires within 30 days, and the latest movements. */
export const creditsSummary = z.object({
  balance: z.number().int(),
  totalPurchased: z.number().int(),
  totalUsed: z.number().int(),
  expiringSoon: z.array(z.object({ credits: z.number().int(), expiresAt: isoTime })),
  movements: z.array(creditMovement),
  /** The latest purchases of credits and how each went (spec's credit_purchases: pending, completed, failed; refunded). */
  purchases: z.array(creditPurchaseRecord),
});
export type CreditsSummary = z.infer<typeof creditsSummary>;
export type CreditPurchaseRecord = z.infer<typeof creditPurchaseRecord>;

/** A pack of credits to buy: one of the packages that carry credits, paid by the method named (the first one the site takes online when not named). */
export const creditPurchase = z.object({
  packageId: z.uuid({ error: 'Scegli un pacchetto di crediti.' }),
  paymentMethod: z.enum(purchaseMethods, { error: 'Metodo di pagamento: sandbox, stripe o paypal.' }).optional(),
});

/** A user's credits for the admin (the record's id is the user's). */
export const adminCredits = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  balance: z.number().int(),
  totalPurchased: z.number().int(),
  totalUsed: z.number().int(),
  lastActivity: isoTime,
});
export type AdminCredits = z.infer<typeof adminCredits>;

/** One movement for the admin: whose, and what it used. */
export const adminCreditMovement = creditMovement.omit({ relatedEntity: true }).extend({
  userId: z.uuid(),
  username: z.string().nullable(),
  relatedType: z.string().nullable(),
  relatedId: z.string().nullable(),
  used: z.number().int(),
});

const creditsMessage = `Crediti: un numero intero diverso da zero, da −${MAX_CREDITS_PER_MOVEMENT.toLocaleString('it-IT')} a ${MAX_CREDITS_PER_MOVEMENT.toLocaleString('it-IT')}.`;
/** The admin's adjustment: credits added (+, for 12 months) or taken (−), and why (the owner reads it). */
export const creditAdjustment = z.object({
  credits: z
    .int({ error: creditsMessage })
    .min(-MAX_CREDITS_PER_MOVEMENT, creditsMessage)
    .max(MAX_CREDITS_PER_MOVEMENT, creditsMessage)
    .refine((n) => n !== 0, creditsMessage),
  reason: requiredText('Motivo', { max: 200 }),
});

/** The adjustment's header, when sent: retried with the same key, adjusted once. */
export const adjustmentKey = idempotencyKeyOf('serve a non correggere due volte').optional();

/** Credits used per AI function per day (the admin's chart), over the last `days`. */
export const creditUsage = z.object({
  days: z.array(z.object({ day: z.iso.date(), action: z.string(), credits: z.number().int() })),
});
export type CreditUsage = z.infer<typeof creditUsage>;

const adminBalances = adminResource('/api/admin/credits', adminCredits);
const adminMovements = adminResource('/api/admin/credit-movements', adminCreditMovement);

/** Issue [11]: the AI credits of the logged-in shopkeeper or collaborator. */
export const creditsApi = api('crediti', {
  summary: get('/api/credits', 'I crediti AI di chi ha effettuato l’accesso: saldo, crediti in scadenza entro 30 giorni, ultimi movimenti', { 200: creditsSummary }),
  movements: get(
    '/api/credits/movements',
    'Ogni movimento dei crediti AI, dal più recente, a pagine (X-Total-Count)',
    { 200: z.array(creditMovement) },
    {
      querystring: z.object(pageQuery(50, 500)),
    },
  ),
  purchase: post(
    '/api/credits/purchase',
    'Acquista un pacchetto di crediti AI al prezzo del momento (intestazione Idempotency-Key): apre il pagamento e ne dà la pagina (paymentUrl); i crediti arrivano quando il pagamento è completato e durano 12 mesi',
    {
      201: purchaseAnswer,
    },
    { body: creditPurchase },
  ),
  adminList: adminBalances.list('I saldi dei crediti AI di ogni utente, con ricerca per nome utente, filtro per ruolo e ordinamento (Content-Range)'),
  adminGet: adminBalances.get('I crediti AI di un utente'),
  adminMovements: adminMovements.list('Ogni movimento dei crediti AI, di un utente (filtro userId), di un tipo o di una funzione (Content-Range)'),
  adjust: post(
    '/api/admin/credits/:id/adjust',
    'Aggiunge (+, per 12 mesi) o toglie (−) crediti AI a un utente, con il motivo che l’utente leggerà (intestazione Idempotency-Key facoltativa: ripetuta, una correzione sola)',
    {
      200: adminCredits,
    },
    { params: idParams, body: creditAdjustment },
  ),
  usage: get(
    '/api/admin/credits-usage',
    'I crediti usati per funzione AI e per giorno (Europe/Rome), negli ultimi giorni indicati',
    { 200: creditUsage },
    {
      querystring: z.object({
        days: z.coerce
          .number({ error: 'Giorni: un numero da 1 a 366.' })
          .int('Giorni: un numero da 1 a 366.')
          .min(1, 'Giorni: un numero da 1 a 366.')
          .max(366, 'Giorni: un numero da 1 a 366.')
          .default(30),
      }),
    },
  ),
});
