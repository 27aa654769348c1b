import { z } from 'zod';
import { api, get, isoTime, post } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { purchaseAnswer, purchaseMethods } from '../packages/contract.js';

/** One movement of a user's credits, with what it was for (+ in, − out; a charge settles its hold). */
export const creditMovement = z.object({
  id: z.uuid(),
  kind: z.enum(['purchase', 'adjustment', 'spend', 'hold', 'charge', 'release', 'removal', 'withdrawal', 'expiry']),
  credits: z.number().int(),
  action: z.string().nullable(),
  description: z.string(),
  relatedEntity: z.object({ type: z.string(), id: z.string() }).nullable(),
  at: isoTime,
});
export type CreditMovement = z.infer<typeof creditMovement>;

/** A user's credits: what can be spent now, what expires within 30 days, and the latest movements. */
export const creditsSummary = z.object({
  balance: z.number().int(),
  totalPurchased: z.number().int(),
  totalUsed: z.number().int(),
  expiringSoon: z.array(z.object({ credits: z.number().int(), expiresAt: isoTime })),
  movements: z.array(creditMovement),
});
export type CreditsSummary = z.infer<typeof creditsSummary>;

/** A pack of credits to buy: one of the packages that carry credits, paid by the method named (the first one the site takes online when not named). */
export const creditPurchase = z.object({
  packageId: z.uuid({ error: 'Scegli un pacchetto di crediti.' }),
  paymentMethod: z.enum(purchaseMethods, { error: 'Metodo di pagamento: sandbox, stripe o paypal.' }).optional(),
});

/** Issue [11]: the AI credits of the logged-in shopkeeper or collaborator. */
export const creditsApi = api('crediti', {
  summary: get('/api/credits', 'I crediti AI di chi ha effettuato l’accesso: saldo, crediti in scadenza entro 30 giorni, ultimi movimenti', { 200: creditsSummary }),
  movements: get('/api/credits/movements', 'Ogni movimento dei crediti AI, dal più recente, a pagine (X-Total-Count)', { 200: z.array(creditMovement) }, {
    querystring: z.object(pageQuery(50, 500)),
  }),
  purchase: post('/api/credits/purchase', 'Acquista un pacchetto di crediti AI al prezzo del momento (intestazione Idempotency-Key): apre il pagamento e ne dà la pagina (paymentUrl); i crediti arrivano quando il pagamento è completato e durano 12 mesi', {
    201: purchaseAnswer,
  }, { body: creditPurchase }),
});
