import { z } from 'zod';
import { api, get, isoTime } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';

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

/** Issue [11]: the AI credits of the logged-in shopkeeper or collaborator. */
export const creditsApi = api('crediti', {
  summary: get('/api/credits', 'I crediti AI di chi ha effettuato l’accesso: saldo, crediti in scadenza entro 30 giorni, ultimi movimenti', { 200: creditsSummary }),
  movements: get('/api/credits/movements', 'Ogni movimento dei crediti AI, dal più recente, a pagine (X-Total-Count)', { 200: z.array(creditMovement) }, {
    querystring: z.object(pageQuery(50, 500)),
  }),
});
