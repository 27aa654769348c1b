import { z } from 'zod';

/*
 * The AI functions (issue [11]): what each asks of the model, in Italian, and how its answer is
 * read. Pure: the contract (which the web imports) takes the inputs from here, the call
 * (model.ts) the prompts and the readers.
 */

export const aiFunctionNames = ['product-description', 'shop-description', 'product-category', 'review-reply', 'price-suggestion'] as const;
export type AiFunctionName = (typeof aiFunctionNames)[number];

/** What a function's answer holds: always a text; the category and tags, or a price, where the function gives them. */
export interface AiResult {
  text: string;
  category?: string;
  tags?: string[];
  /** Euros, two decimals. */
  suggestedPrice?: number;
}

/** The model's answer could not be read as the function's answer: a failure, refunded. */
export class MalformedAnswer extends Error {}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: deve essere un testo.` })
    .trim()
    .max(max, `${label}: al massimo ${max} caratteri.`);
const required = (label: string, max: number) => text(label, max).min(1, `${label}: campo obbligatorio.`);
const optional = (label: string, max: number) => text(label, max).optional();
const euros = (label: string) =>
  z
    .number({ error: `${label}: un importo in euro.` })
    .min(0, `${label}: non può essere negativo.`)
    .max(1_000_000, `${label}: al massimo 1.000.000 €.`);
/** The product or shop the text is for, when it exists already: the movement of credits names it. */
const about = (label: string) => z.uuid({ error: `${label}: identificativo non valido.` }).optional();

export const aiInputs = {
  'product-description': z.object({
    name: required('Nome del prodotto', 200),
    category: optional('Categoria', 100),
    notes: optional('Note', 2000),
    productId: about('Prodotto'),
  }),
  'shop-description': z.object({
    name: required('Nome del negozio', 200),
    category: optional('Categoria', 100),
    city: optional('Città', 100),
    notes: optional('Note', 2000),
    storeId: about('Negozio'),
  }),
  'product-category': z.object({
    name: required('Nome del prodotto', 200),
    description: optional('Descrizione', 4000),
    /** The categories the shop may choose among; the model keeps to them when given. */
    categories: z.array(required('Categoria', 100), { error: 'Categorie: un elenco di testi.' }).max(100, 'Categorie: al massimo 100.').optional(),
    productId: about('Prodotto'),
  }),
  'review-reply': z.object({
    kind: z.enum(['review', 'complaint'], { error: 'Tipo: review (recensione) o complaint (reclamo).' }),
    text: required('Testo del cliente', 4000),
    rating: z
      .number({ error: 'Valutazione: un numero intero da 1 a 5.' })
      .int('Valutazione: un numero intero da 1 a 5.')
      .min(1, 'Valutazione: un numero intero da 1 a 5.')
      .max(5, 'Valutazione: un numero intero da 1 a 5.')
      .optional(),
    shopName: optional('Nome del negozio', 200),
    relatedId: about('Recensione o reclamo'),
  }),
  'price-suggestion': z.object({
    productName: required('Nome del prodotto', 200),
    currentPrice: euros('Prezzo attuale'),
    comparison: z.object(
      {
        lowest: euros('Prezzo più basso'),
        median: euros('Prezzo mediano'),
        highest: euros('Prezzo più alto'),
        shops: z
          .number({ error: 'Negozi: un numero intero.' })
          .int('Negozi: un numero intero.')
          .min(0, 'Negozi: non può essere negativo.')
          .max(100_000, 'Negozi: al massimo 100000.'),
      },
      { error: 'Confronto prezzi: servono lowest, median, highest e shops.' },
    ),
    productId: about('Prodotto'),
  }),
} satisfies Record<AiFunctionName, z.ZodType>;

export type AiInput<F extends AiFunctionName> = z.output<(typeof aiInputs)[F]>;

/** The seeded row of each function: its Italian description (spec §9: each costs 1 credit). */
export const aiFunctionDescriptions: Record<AiFunctionName, string> = {
  'product-description': 'Scrive la descrizione di un prodotto dal nome, dalla categoria e dalle note',
  'shop-description': 'Scrive la descrizione del negozio',
  'product-category': 'Suggerisce la categoria e le etichette di un prodotto',
  'review-reply': 'Prepara una risposta a una recensione o a un reclamo di un cliente',
  'price-suggestion': 'Suggerisce un prezzo dal confronto con i negozi vicini',
};

/** The movement of credits: what the call was for, in words, and what it was about. */
export function usageOf(name: AiFunctionName, input: Record<string, unknown>): { description: string; relatedEntity: { type: string; id: string } | null } {
  const quoted = (value: unknown) => (typeof value === 'string' && value ? ` «${value.length > 60 ? `${value.slice(0, 59)}…` : value}»` : '');
  const id = (value: unknown) => (typeof value === 'string' ? value : null);
  switch (name) {
    case 'product-description':
      return { description: `AI: descrizione del prodotto${quoted(input.name)}`, relatedEntity: ref('product', id(input.productId)) };
    case 'shop-description':
      return { description: `AI: descrizione del negozio${quoted(input.name)}`, relatedEntity: ref('store', id(input.storeId)) };
    case 'product-category':
      return { description: `AI: categoria ed etichette del prodotto${quoted(input.name)}`, relatedEntity: ref('product', id(input.productId)) };
    case 'review-reply':
      return {
        description: `AI: risposta a ${input.kind === 'complaint' ? 'un reclamo' : 'una recensione'}`,
        relatedEntity: ref(input.kind === 'complaint' ? 'complaint' : 'review', id(input.relatedId)),
      };
    case 'price-suggestion':
      return { description: `AI: prezzo suggerito per${quoted(input.productName) || ' un prodotto'}`, relatedEntity: ref('product', id(input.productId)) };
  }
}

const ref = (type: string, id: string | null) => (id ? { type, id } : null);

const house =
  'Sei l’assistente di Vicino, un marketplace italiano di negozi di quartiere. Rispondi sempre in italiano corretto, con un tono cordiale e concreto, senza inventare fatti che non ti sono stati dati.';

const lines = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join('\n');
const euro = (value: number) => `${value.toFixed(2).replace('.', ',')} €`;

/** The conversation a function sends: its system prompt and the user's message made of the input. */
export function promptOf(name: AiFunctionName, input: Record<string, unknown>): { system: string; user: string } {
  const s = (key: string) => (typeof input[key] === 'string' && input[key] ? String(input[key]) : undefined);
  switch (name) {
    case 'product-description':
      return {
        system: `${house} Scrivi la descrizione di un prodotto per la sua scheda nel negozio online: 2-4 frasi, al massimo 600 caratteri, senza titolo, senza elenchi puntati, senza prezzi. Rispondi solo con la descrizione.`,
        user: lines(`Prodotto: ${s('name')}`, s('category') && `Categoria: ${s('category')}`, s('notes') && `Note del negoziante: ${s('notes')}`),
      };
    case 'shop-description':
      return {
        system: `${house} Scrivi la descrizione di un negozio per la sua pagina: 3-5 frasi, al massimo 800 caratteri, che dicano cosa offre e perché visitarlo. Rispondi solo con la descrizione.`,
        user: lines(
          `Negozio: ${s('name')}`,
          s('category') && `Tipo di negozio: ${s('category')}`,
          s('city') && `Città: ${s('city')}`,
          s('notes') && `Note del negoziante: ${s('notes')}`,
        ),
      };
    case 'product-category': {
      const categories = Array.isArray(input.categories) && input.categories.length ? (input.categories as string[]) : null;
      return {
        system: `${house} Suggerisci la categoria merceologica di un prodotto e da 3 a 8 etichette brevi (parole chiave per la ricerca, in minuscolo).${categories ? ' Scegli la categoria solo tra quelle elencate.' : ''} Rispondi solo con un oggetto JSON, senza altro testo: {"category": "…", "tags": ["…", "…"]}.`,
        user: lines(`Prodotto: ${s('name')}`, s('description') && `Descrizione: ${s('description')}`, categories ? `Categorie possibili: ${categories.join(', ')}` : undefined),
      };
    }
    case 'review-reply': {
      const complaint = input.kind === 'complaint';
      return {
        system: `${house} Scrivi, a nome del negozio, una bozza di risposta ${complaint ? 'a un reclamo' : 'a una recensione'} di un cliente: breve (al massimo 5 frasi), educata, che ringrazi, risponda nel merito${complaint ? ', si scusi per il disagio e proponga una soluzione concreta senza promettere rimborsi' : ''}. Rispondi solo con il testo della risposta.`,
        user: lines(
          s('shopName') && `Negozio: ${s('shopName')}`,
          typeof input.rating === 'number' && `Valutazione: ${input.rating} su 5`,
          `${complaint ? 'Reclamo' : 'Recensione'} del cliente: ${s('text')}`,
        ),
      };
    }
    case 'price-suggestion': {
      const c = input.comparison as { lowest: number; median: number; highest: number; shops: number };
      return {
        system: `${house} Suggerisci al negoziante un prezzo di vendita per un prodotto, guardando i prezzi dello stesso prodotto nei negozi vicini. Rispondi solo con un oggetto JSON, senza altro testo: {"price": 12.5, "reason": "una o due frasi che spiegano il perché"}. Il prezzo è in euro, un numero con al massimo due decimali.`,
        user: lines(
          `Prodotto: ${s('productName')}`,
          `Prezzo attuale: ${euro(input.currentPrice as number)}`,
          `Negozi vicini con lo stesso prodotto: ${c.shops}`,
          `Prezzo più basso: ${euro(c.lowest)}; mediano: ${euro(c.median)}; più alto: ${euro(c.highest)}`,
        ),
      };
    }
  }
}

/** A JSON object in the model's answer, a fenced block (```json … ```) allowed around it. */
function jsonOf(content: string): Record<string, unknown> {
  const bare = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  let value: unknown;
  try {
    value = JSON.parse(bare);
  } catch {
    throw new MalformedAnswer('not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new MalformedAnswer('not an object');
  return value as Record<string, unknown>;
}

const categoryAnswer = z.object({
  category: z.string().trim().min(1).max(60),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
});
const priceAnswer = z.object({
  price: z.coerce.number().min(0).max(1_000_000),
  reason: z.string().trim().min(1).max(1000),
});

/** The function's answer read from the model's text; MalformedAnswer when it is not one. */
export function resultOf(name: AiFunctionName, content: string | null | undefined): AiResult {
  const answer = (content ?? '').trim();
  if (!answer) throw new MalformedAnswer('empty');
  switch (name) {
    case 'product-category': {
      const parsed = categoryAnswer.safeParse(jsonOf(answer));
      if (!parsed.success) throw new MalformedAnswer('no category and tags');
      const tags = [...new Set(parsed.data.tags.map((tag) => tag.toLowerCase()))];
      return { text: `${parsed.data.category}: ${tags.join(', ')}`, category: parsed.data.category, tags };
    }
    case 'price-suggestion': {
      const parsed = priceAnswer.safeParse(jsonOf(answer));
      if (!parsed.success) throw new MalformedAnswer('no price');
      return { text: parsed.data.reason, suggestedPrice: Math.round(parsed.data.price * 100) / 100 };
    }
    default:
      return { text: answer.slice(0, 4000) };
  }
}
