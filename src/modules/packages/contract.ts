import { z } from 'zod';
import { MAX_PRICE_CENTS } from '../../platform/domain/limits.js';
import { formatCents, toEuros } from '../../platform/domain/money.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, createdOrItsId, get, idParams, isoTime, post, timestamps } from '../../platform/http/contract.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { idempotencyKeyOf, requiredText } from '../../platform/http/schemas.js';
import { packageDefaults, packageStatuses, packageTypes, type PackageFields } from './package.js';

const money = (label: string) =>
  euroAmount(
    z
      .number({ error: `${label}: un importo in euro.` })
      .min(0, `${label}: non può essere negativo.`)
      .max(toEuros(MAX_PRICE_CENTS), `${label}: al massimo ${formatCents(MAX_PRICE_CENTS)}.`),
  );
const whole = (label: string) => z.number({ error: `${label}: un numero intero.` }).int(`${label}: un numero intero.`);
const flag = (label: string) => z.boolean({ error: `${label}: vero o falso.` });
const texts = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label}: un elenco di testi.` })
        .trim()
        .min(1, `${label}: voci vuote non ammesse.`)
        .max(200, `${label}: al massimo 200 caratteri a voce.`),
      { error: `${label}: un elenco di testi.` },
    )
    .max(30, `${label}: al massimo 30 voci.`);

/** The fields a request gives, euros at the edge; each becomes the `…Cents` field inside. */
const requestFields = {
  name: requiredText('Nome', { min: 2, max: 100 }),
  description: z.string({ error: 'Descrizione: un testo.' }).trim().max(2000, 'Descrizione: al massimo 2000 caratteri.'),
  price: money('Prezzo'),
  credits: whole('Crediti'),
  type: z.enum(packageTypes, { error: `Tipo non valido: ${packageTypes.join(', ')}.` }),
  features: texts('Caratteristiche'),
  isPopular: flag('Più scelto'),
  isPromotional: flag('In promozione'),
  discountPercentage: whole('Sconto (%)'),
  promotionEndDate: z.iso.datetime({ offset: true, error: 'Fine della promozione: data e ora ISO 8601.' }).nullable(),
  enablesShipping: flag('Abilita le spedizioni'),
  shippingRadius: z.number({ error: 'Raggio di spedizione: un numero di km.' }).nullable(),
  maxFreeShippingOrders: whole('Ordini con spedizione gratuita').nullable(),
  enablesOnlinePayments: flag('Abilita i pagamenti online'),
  enablesStripePayments: flag('Abilita Stripe'),
  enablesPayPalPayments: flag('Abilita PayPal'),
  enablesPriceComparison: flag('Abilita il confronto prezzi'),
  aiCreditsPrice: money('Prezzo dei crediti AI').nullable(),
  collaboratorPrice: money('Prezzo del collaboratore').nullable(),
  collaboratorTotalCost: money('Costo totale del collaboratore').nullable(),
  commissionPercentage: z.number({ error: 'Commissione (%): un numero.' }),
  collaboratorCompensation: money('Compenso del collaboratore').nullable(),
  siteCommission: money('Commissione del sito').nullable(),
  customItems: texts('Voci personalizzate'),
  durationDays: whole('Durata (giorni)'),
  durationMonths: whole('Durata (mesi)'),
};

const euroFields = ['price', 'aiCreditsPrice', 'collaboratorPrice', 'collaboratorTotalCost', 'collaboratorCompensation', 'siteCommission'] as const;

/** A request's euro amounts under their `…Cents` names, the rest as given. */
function inCents(given: Record<string, unknown>): Partial<PackageFields> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    out[(euroFields as readonly string[]).includes(key) ? `${key}Cents` : key] = value;
  }
  return out;
}

/** POST: name, price and type; the rest takes spec §9's defaults (30 days, 1 month, 20 %). */
export const newPackage = z
  .object({ ...z.object(requestFields).partial().shape, name: requestFields.name, price: requestFields.price, type: requestFields.type })
  .transform((given): PackageFields => ({ ...packageDefaults, ...inCents(given) }) as PackageFields);

/**
 * PUT: react-admin sends the whole record; the fields known are read, the computed ones ignored.
 * status "archived" archives it.
 */
export const packageChanges = z
  .object({ ...z.object(requestFields).partial().shape, status: z.enum(packageStatuses, { error: 'Stato non valido: active o archived.' }).optional() })
  .transform(({ status, ...given }) => ({ status, changes: inCents(given) }));

const answerFields = {
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  type: z.enum(packageTypes),
  credits: z.number().int(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  isPromotional: z.boolean(),
  discountPercentage: z.number().int(),
  enablesShipping: z.boolean(),
  shippingRadius: z.number().nullable(),
  maxFreeShippingOrders: z.number().int().nullable(),
  enablesOnlinePayments: z.boolean(),
  enablesStripePayments: z.boolean(),
  enablesPayPalPayments: z.boolean(),
  enablesPriceComparison: z.boolean(),
  durationDays: z.number().int(),
  durationMonths: z.number().int(),
};

/** A package as the shops see it: the price of the moment, and the list price it comes from. */
export const publicPackage = z.object({
  ...answerFields,
  /** What it costs now: less the discount while the promotion lasts. */
  price: euros,
  originalPrice: euros,
  /** The end of the promotion in force; null without one. */
  promotionEndDate: isoTime.nullable(),
});
export type PublicPackage = z.infer<typeof publicPackage>;

/** Every field of spec §3 packages, as the admin edits it, with the price of the moment beside. */
export const adminPackage = z.object({
  ...answerFields,
  price: euros,
  currentPrice: euros,
  promotionEndDate: isoTime.nullable(),
  aiCreditsPrice: euros.nullable(),
  collaboratorPrice: euros.nullable(),
  collaboratorTotalCost: euros.nullable(),
  commissionPercentage: z.number(),
  collaboratorCompensation: euros.nullable(),
  siteCommission: euros.nullable(),
  customItems: z.array(z.string()),
  status: z.enum(packageStatuses),
  /** How many purchases name it: a package bought is archived, never deleted. */
  purchases: z.number().int(),
  ...timestamps,
});
export type AdminPackage = z.infer<typeof adminPackage>;

/** A purchase (spec §3 user_packages). */
export const userPackage = z.object({
  id: z.uuid(),
  packageId: z.uuid(),
  packageName: z.string(),
  packageType: z.enum(packageTypes),
  purchaseDate: isoTime,
  expiresAt: isoTime,
  isActive: z.boolean(),
  /** Why it ended before its time ("Acquisto rimborsato"); null when it did not. */
  deactivationReason: z.string().nullable(),
  paymentMethod: z.string(),
  transactionId: z.string(),
  amount: euros,
});
export type UserPackage = z.infer<typeof userPackage>;

/** The shopkeeper's page: the plan in force and every purchase. */
export const myPackages = z.object({
  current: z.object({ packageId: z.uuid(), name: z.string(), type: z.enum(packageTypes), expiresAt: isoTime }).nullable(),
  purchases: z.array(userPackage),
});
export type MyPackages = z.infer<typeof myPackages>;

export const packagesQuery = z.object({
  type: z.enum(packageTypes, { error: `Tipo non valido: ${packageTypes.join(', ')}.` }).optional(),
});

const admin = adminResource('/api/admin/packages', adminPackage);

/** How a shop pays for a package: the providers' names (`sandbox` where the real ones would be). */
export const purchaseMethods = ['sandbox', 'stripe', 'paypal'] as const;
export type PurchaseMethod = (typeof purchaseMethods)[number];

/** The purchase's header: retried with the same key, the same payment and one purchase. */
export const purchaseKey = idempotencyKeyOf('serve a non pagare due volte lo stesso acquisto');

const purchaseBody = z.object({
  paymentMethod: z.enum(purchaseMethods, { error: 'Metodo di pagamento: sandbox, stripe o paypal.' }),
});

/** The purchase's answer: the provider's page to pay on, or null when the package was free (active at once). */
export const purchaseAnswer = z.object({ paymentId: z.uuid().nullable(), paymentUrl: z.string().nullable() });

/** Spec §3 packages: the catalogue the shops buy from, and the admin's management of it. */
export const packagesApi = api('pacchetti', {
  list: get(
    '/api/packages',
    'I pacchetti in vendita (di un tipo, se indicato), con il prezzo del momento, il prezzo di listino e la fine della promozione',
    { 200: z.array(publicPackage) },
    { querystring: packagesQuery },
  ),
  show: get('/api/packages/:id', 'Un pacchetto in vendita, con il prezzo del momento', { 200: publicPackage }, { params: idParams }),
  purchase: post(
    '/api/packages/:id/purchase',
    'Acquista un pacchetto al prezzo del momento (intestazione Idempotency-Key): apre il pagamento presso il fornitore e ne dà la pagina (paymentUrl); il pacchetto si attiva quando il pagamento è completato. Uno gratuito si attiva subito',
    {
      201: purchaseAnswer,
    },
    { params: idParams, body: purchaseBody },
  ),
  mine: get('/api/packages/mine', 'Il piano in corso del negoziante, con la scadenza, e i suoi acquisti', { 200: myPackages }),
  adminList: admin.list('I pacchetti per l’amministrazione (archiviati compresi), con ricerca, filtri per tipo e stato, ordinamento e intervallo (Content-Range)'),
  adminGet: admin.get('Un pacchetto, per l’amministrazione'),
  create: post(
    '/api/admin/packages',
    'Crea un pacchetto (durata 30 giorni / 1 mese e commissione 20 % se non indicate)',
    { 201: createdOrItsId(adminPackage) },
    { body: newPackage },
  ),
  update: admin.update('Modifica un pacchetto; status "archived" lo archivia (esce dal catalogo, gli acquisti restano)', packageChanges),
  remove: admin.delete('Elimina un pacchetto mai acquistato (uno acquistato si archivia: 409); risponde il record com’era'),
});
