import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, post, timestamps } from '../../platform/http/contract.js';
import { idempotencyKeyOf } from '../../platform/http/schemas.js';
import { field } from '../settings/contract.js';
import { aiInputs, type AiFunctionName } from './functions.js';

export type { AiFunctionName };

/** The call's header: the same key again answers the same thing, without asking the model or charging again. */
export const aiCallKey = idempotencyKeyOf('serve a non pagare due volte la stessa richiesta');

const creditsCost = z
  .number({ error: 'Costo in crediti: un numero intero da 0 a 1000.' })
  .int('Costo in crediti: un numero intero da 0 a 1000.')
  .min(0, 'Costo in crediti: un numero intero da 0 a 1000.')
  .max(1000, 'Costo in crediti: un numero intero da 0 a 1000.');

/** POST /api/admin/ai-function-costs: a function's name (its address: /api/ai/<nome>), its cost (1 unless said) and what it does. */
export const newAiFunctionCost = z.object({
  functionName: field.text('Nome della funzione', 50, {
    required: true,
    pattern: [/^[a-z0-9][a-z0-9-]*$/, 'Nome della funzione: lettere minuscole, cifre e trattini (es. product-description).'],
  }),
  creditsCost: creditsCost.default(1),
  description: field.text('Descrizione', 500),
});

/** PUT /api/admin/ai-function-costs/:id: the cost and the description (the name is the function's, fixed). */
export const aiFunctionCostChanges = z.object({ creditsCost: creditsCost.optional(), description: field.text('Descrizione', 500).optional() });

export const aiFunctionCost = z.object({
  id: z.uuid(),
  functionName: z.string(),
  creditsCost: z.number().int(),
  description: z.string(),
  ...timestamps,
});
export type AiFunctionCost = z.infer<typeof aiFunctionCost>;

/** What a function answered, what it cost and the balance left. */
export const aiAnswer = z.object({
  text: z.string(),
  category: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** Euros. */
  suggestedPrice: z.number().optional(),
  creditsCharged: z.number().int(),
  balance: z.number().int(),
});
export type AiAnswer = z.infer<typeof aiAnswer>;

/** For the buttons: each function's cost, the caller's balance, and whether the AI answers at all. */
export const aiFunctions = z.object({
  available: z.boolean(),
  /** Why the AI does not answer now (Italian), or null. */
  unavailableReason: z.string().nullable(),
  balance: z.number().int(),
  functions: z.array(z.object({ functionName: z.string(), creditsCost: z.number().int(), description: z.string() })),
});
export type AiFunctions = z.infer<typeof aiFunctions>;

const costs = adminResource('/api/admin/ai-function-costs', aiFunctionCost);

const call = <F extends AiFunctionName>(name: F, summary: string) =>
  post(
    `/api/ai/${name}`,
    `${summary} (intestazione Idempotency-Key). Tiene i crediti della funzione, li addebita solo se il modello risponde; se non risponde, va oltre il tempo massimo (504) o risponde male (502) li restituisce e lo dice`,
    {
      200: aiAnswer,
    },
    { body: aiInputs[name] },
  );

/** Issue [11]: the AI functions, each paid with the caller's credits, and what they cost (the admin's table). */
export const aiApi = api('funzioni AI', {
  functions: get('/api/ai/functions', 'Le funzioni AI con il loro costo in crediti, il saldo di chi chiede e se l’AI è attiva', { 200: aiFunctions }),
  productDescription: call('product-description', 'Scrive la descrizione di un prodotto dal nome, dalla categoria e dalle note'),
  shopDescription: call('shop-description', 'Scrive la descrizione del negozio'),
  productCategory: call('product-category', 'Suggerisce la categoria e le etichette di un prodotto (category, tags)'),
  reviewReply: call('review-reply', 'Prepara una bozza di risposta a una recensione o a un reclamo'),
  priceSuggestion: call('price-suggestion', 'Suggerisce un prezzo (suggestedPrice, in euro) dal confronto con i prezzi dei negozi vicini'),
  costs: costs.list('I costi delle funzioni AI, con ordinamento, filtri e intervallo (Content-Range)'),
  cost: costs.get('Il costo di una funzione AI'),
  createCost: post(
    '/api/admin/ai-function-costs',
    'Aggiunge il costo di una funzione AI (il nome è unico; 1 credito se non indicato)',
    { 201: aiFunctionCost },
    { body: newAiFunctionCost },
  ),
  updateCost: costs.update('Cambia il costo o la descrizione di una funzione AI: vale dalla chiamata successiva', aiFunctionCostChanges),
  deleteCost: costs.delete('Elimina il costo di una funzione AI (la funzione costa allora 1 credito); risponde il record com’era'),
});
