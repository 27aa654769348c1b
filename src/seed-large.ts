import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, Position } from './platform/eventstore/types.js';
import { metadataOf, systemContext, type Role } from './platform/domain/context.js';
import { uniqueStreamId } from './platform/commands/uniqueness.js';
import type { StoreProfile } from './modules/stores/store.js';
import { newStoreDefaults } from './modules/stores/contract.js';
import { typicalOpeningHours } from './modules/stores/opening-hours.js';
import type { ProductFields } from './modules/catalog/products.js';
import { hashPassword } from './modules/users/passwords.js';
import { collaboratorStreamId, italyBounds, serviceIds, type CollaboratorProfile, type CollaboratorService } from './modules/collaborators/collaborator.js';

/*
 * `npm run seed:large` and the search and admin benchmarks: thousands of shops over Italian cities,
 * each with its shopkeeper and catalogue, and as many other accounts as asked, written as the same
 * events the commands write (claims included), appended in parallel batches so that 200,000
 * products take minutes, not hours.
 */

const cities: [name: string, lat: number, lng: number, weight: number][] = [
  ['Roma', 41.9028, 12.4964, 14],
  ['Milano', 45.4642, 9.19, 13],
  ['Napoli', 40.8518, 14.2681, 8],
  ['Torino', 45.0703, 7.6869, 7],
  ['Palermo', 38.1157, 13.3615, 5],
  ['Genova', 44.4056, 8.9463, 5],
  ['Bologna', 44.4949, 11.3426, 5],
  ['Firenze', 43.7696, 11.2558, 5],
  ['Bari', 41.1171, 16.8719, 4],
  ['Catania', 37.5079, 15.083, 3],
  ['Venezia', 45.4408, 12.3155, 3],
  ['Verona', 45.4384, 10.9916, 3],
  ['Messina', 38.1938, 15.554, 2],
  ['Padova', 45.4064, 11.8768, 2],
  ['Trieste', 45.6495, 13.7768, 2],
  ['Brescia', 45.5416, 10.2118, 2],
  ['Parma', 44.8015, 10.3279, 2],
  ['Modena', 44.6471, 10.9252, 2],
  ['Reggio Calabria', 38.1113, 15.6473, 2],
  ['Perugia', 43.1107, 12.3908, 2],
  ['Livorno', 43.5485, 10.3106, 1],
  ['Cagliari', 39.2238, 9.1217, 2],
  ['Salerno', 40.6824, 14.7681, 1],
  ['Bergamo', 45.6983, 9.6773, 1],
  ['Trento', 46.0748, 11.1217, 1],
  ['Pescara', 42.4618, 14.2161, 1],
  ['Ancona', 43.6158, 13.5189, 1],
  ['Lecce', 40.3515, 18.175, 1],
];

const categories = [
  'alimentari',
  'panetteria',
  'ortofrutta',
  'macelleria',
  'enoteca',
  'farmacia',
  'ferramenta',
  'libreria',
  'abbigliamento',
  'elettronica',
  'casa',
  'fiori',
  'giocattoli',
  'sport',
];

/**
 * Base product names by category: real Italian shop vocabulary, so that searches mean something,
 * with the words the search vocabulary expands to (pasta → spaghetti, fusilli…; formaggio →
 * pecorino, gorgonzola…; cellulare → smartphone; detersivi → detersivo…), so that searches with
 * expansions have their real work to do.
 */
const vocabulary: Record<string, string[]> = {
  alimentari: [
    'Caffè macinato',
    'Caffè in grani',
    'Pomodori pelati',
    'Passata di pomodoro',
    'Mozzarella di bufala',
    'Parmigiano Reggiano',
    'Pecorino romano',
    'Spaghetti',
    'Penne rigate',
    'Fusilli',
    'Rigatoni',
    'Tagliatelle all’uovo',
    'Gorgonzola',
    'Ricotta',
    'Provolone',
    'Mortadella',
    'Olio extravergine di oliva',
    'Aceto balsamico',
    'Prosciutto crudo',
    'Salame',
    'Tonno sott’olio',
    'Biscotti',
    'Miele di acacia',
    'Marmellata di albicocche',
    'Riso Carnaroli',
    'Farina tipo 00',
    'Cioccolato fondente',
  ],
  panetteria: [
    'Pane casareccio',
    'Pane integrale',
    'Panettone',
    'Focaccia genovese',
    'Pizza bianca',
    'Grissini',
    'Cornetto',
    'Crostata di frutta',
    'Cantucci',
    'Ciabatta',
    'Taralli',
    'Maritozzo',
  ],
  ortofrutta: ['Pomodori ciliegini', 'Mele Golden', 'Arance rosse', 'Zucchine', 'Melanzane', 'Insalata', 'Carciofi', 'Patate', 'Limoni', 'Fragole'],
  macelleria: ['Petto di pollo', 'Salsiccia', 'Fettine di vitello', 'Macinato di manzo', 'Bistecca', 'Arrosto di maiale'],
  enoteca: [
    'Vino rosso Sangiovese',
    'Vino bianco Vermentino',
    'Chianti Classico',
    'Barolo',
    'Prosecco',
    'Montepulciano d’Abruzzo',
    'Birra artigianale',
    'Grappa',
    'Limoncello',
    'Vermentino',
  ],
  farmacia: ['Crema solare', 'Dentifricio', 'Termometro digitale', 'Cerotti', 'Integratore di vitamina C', 'Spazzolino', 'Garze sterili', 'Fermenti lattici'],
  ferramenta: ['Cacciavite', 'Martello', 'Lampadina LED', 'Nastro adesivo', 'Colla', 'Trapano', 'Vernice bianca', 'Viti e tasselli', 'Prolunga elettrica'],
  libreria: ['Quaderno a righe', 'Penna a sfera', 'Agenda', 'Romanzo giallo', 'Libro di cucina', 'Matite colorate', 'Zaino per la scuola'],
  abbigliamento: ['Maglione di lana', 'Camicia di lino', 'Jeans', 'Giacca impermeabile', 'Sciarpa', 'Calzini di cotone', 'Cappello'],
  elettronica: ['Smartphone', 'Telefono cellulare', 'Tablet', 'Notebook', 'Caricabatterie USB', 'Cuffie', 'Cavo HDMI', 'Powerbank', 'Mouse senza fili', 'Tastiera', 'Altoparlante'],
  casa: [
    'Detersivo per piatti',
    'Detersivo lavatrice',
    'Sgrassatore',
    'Tovaglia',
    'Padella antiaderente',
    'Caffettiera moka',
    'Bicchieri',
    'Asciugamano',
    'Candela profumata',
    'Cuscino',
  ],
  fiori: ['Rose rosse', 'Orchidea', 'Basilico in vaso', 'Terriccio', 'Girasoli', 'Cactus'],
  giocattoli: ['Puzzle', 'Costruzioni', 'Bambola', 'Macchinina', 'Gioco da tavolo', 'Peluche'],
  sport: ['Pallone da calcio', 'Racchetta da tennis', 'Tappetino yoga', 'Borraccia', 'Scarpe da corsa', 'Manubri'],
};
const qualifiers = ['', 'biologico', 'artigianale', 'classico', 'della casa', 'in offerta', 'formato famiglia', 'piccolo', 'grande', 'premium'];
const shopWords = ['Bottega', 'Emporio', 'Negozio', 'Laboratorio', 'Mercato', 'Antica bottega', 'Spazio', 'Casa'];
const firstNames = ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Alessandro', 'Sara', 'Matteo', 'Elena', 'Davide', 'Anna', 'Paolo'];
/** The roles of the extra accounts, by weight: mostly customers, as on a real marketplace. */
const accountRoles: Role[] = [...Array<Role>(17).fill('customer'), 'shopkeeper', 'collaborator'];
const surnames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];

/** Seeded PRNG (mulberry32): the same data on every run, so benchmark runs compare (the benchmarks' own logs use it too). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every seeded account's password (shopkeepers and collaborators): a benchmark logs in with it. */
export const SEEDED_PASSWORD = 'negozio-demo';

async function inParallel<T>(items: T[], workers: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A seeded shop: what a benchmark needs to log in as its shopkeeper and to place it. */
export interface SeededShop {
  storeId: string;
  ownerId: string;
  /** The shopkeeper's username; the password is SEEDED_PASSWORD. */
  username: string;
  latitude: number;
  longitude: number;
}

export interface LargeSeed {
  stores: number;
  /** Every shop made, in order. */
  shops: SeededShop[];
  products: number;
  users: number;
  /** The shared catalogue entries made (`shared`), each with the products carrying its barcode. */
  entries: { globalProductId: string; productIds: string[] }[];
  last: Position | null;
}

/**
 * Appends `stores` approved shops (and their shopkeepers) with `products` products in all, and
 * `users` more accounts (registered over the past year, one password hash for all of them:
 * scrypt costs tens of milliseconds each by design).
 */
export async function seedLarge(
  store: EventStore,
  {
    stores = 5_000,
    products = 200_000,
    users = 0,
    seed = 7,
    stock,
    onlinePayments = false,
    shared,
    onProgress,
  }: {
    stores?: number;
    products?: number;
    users?: number;
    seed?: number;
    /**
     * Shared catalogue entries (barcodes), `perCategory` of each shop category, carried by `share`
     * of the products: a few entries by many shops, most by few, as brands sell. Chosen with a
     * random sequence of their own, so the rest of the data is the same with or without them.
     */
    shared?: { perCategory: number; share: number };
    /** Every product's stock (default: 0–49 at random). */
    stock?: number;
    /** The shops take card payments too (as with a plan that allows them). */
    onlinePayments?: boolean;
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<LargeSeed> {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const ctx = systemContext();
  const meta = metadataOf(ctx);
  const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: meta });
  const passwordHash = await hashPassword(SEEDED_PASSWORD);
  const weighted = cities.flatMap((c) => Array.from({ length: c[3] }, () => c));
  const tag = randomUUID().slice(0, 6);

  type Shop = { storeId: string; ownerId: string; profile: StoreProfile; slug: string; username: string };
  const shops: Shop[] = Array.from({ length: stores }, (_, i) => {
    const [city, lat, lng] = pick(weighted);
    const category = pick(categories);
    const name = `${pick(shopWords)} ${pick(surnames)} ${i + 1}`;
    // Spread over about 8 km around the city centre.
    const profile: StoreProfile = {
      ...newStoreDefaults,
      name,
      description: `Negozio di ${category} a ${city}.`,
      address: `Via ${pick(surnames)} ${1 + Math.floor(rnd() * 200)}, ${city}`,
      category,
      latitude: lat + (rnd() - 0.5) * 0.14,
      longitude: lng + (rnd() - 0.5) * 0.2,
      openingHours: typicalOpeningHours,
      onlinePaymentsEnabled: onlinePayments,
      stripePaymentsEnabled: onlinePayments,
    };
    return { storeId: randomUUID(), ownerId: randomUUID(), profile, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}`, username: `negozio-${tag}-${i + 1}` };
  });

  let last: Position | null = null;
  let done = 0;
  const total = stores + products + users;
  const track = (p: Position): void => {
    last = p;
  };

  await inParallel(shops, 8, async (s) => {
    const email = `${s.username}@vicino.demo`;
    for (const [kind, value, owner] of [
      ['username', s.username, s.ownerId],
      ['email', email, s.ownerId],
      ['store-owner', s.ownerId, s.storeId],
      ['slug', s.slug, s.storeId],
    ] as const) {
      await store.appendToStream(uniqueStreamId(kind, value), [event('UniqueValueClaimed', { kind, value: value.toLowerCase(), ownerId: owner })], {
        expectedRevision: 'no_stream',
      });
    }
    await store.appendToStream(
      `user-${s.ownerId}`,
      [event('UserRegistered', { userId: s.ownerId, username: s.username, name: `${s.profile.name} (titolare)`, email, role: 'shopkeeper', passwordHash })],
      { expectedRevision: 'no_stream' },
    );
    track(
      (
        await store.appendToStream(
          `store-${s.storeId}`,
          [
            event('StoreCreated', { storeId: s.storeId, ownerId: s.ownerId, slug: s.slug, profile: s.profile }),
            event('StoreApproved', { ownerId: s.ownerId, name: s.profile.name }),
          ],
          { expectedRevision: 'no_stream' },
        )
      ).position,
    );
    onProgress?.(++done, total);
  });

  type Entry = { globalProductId: string; barcode: string; name: string; basePriceCents: number; productIds: string[]; created: Promise<unknown> | null };
  const sharedRnd = seededRandom(seed + 1);
  const entriesOf = new Map<string, Entry[]>(
    shared
      ? categories.map((category) => [
          category,
          Array.from(
            { length: shared.perCategory },
            (_, k): Entry => ({
              globalProductId: randomUUID(),
              barcode: `80${tag}${categories.indexOf(category)}${String(k).padStart(4, '0')}`,
              name: `${vocabulary[category]![k % vocabulary[category]!.length]} marca ${k + 1}`,
              basePriceCents: Math.round((1 + sharedRnd() * 30) * 100),
              productIds: [],
              created: null,
            }),
          ),
        ])
      : [],
  );
  const productIndexes = Array.from({ length: products }, (_, i) => i);
  await inParallel(productIndexes, 8, async (i) => {
    const shop = shops[i % shops.length]!;
    const names = vocabulary[shop.profile.category] ?? vocabulary.alimentari!;
    const qualifier = pick(qualifiers);
    const fields: ProductFields = {
      name: `${pick(names)}${qualifier ? ` ${qualifier}` : ''}`,
      description: `Disponibile da ${shop.profile.name}.`,
      priceCents: Math.round((0.5 + rnd() * 60) * 100),
      stockQuantity: stock ?? Math.floor(rnd() * 50),
      imageUrl: null,
      images: [],
      defaultImageIndex: 0,
      pdfUrl: null,
      category: shop.profile.category,
      sku: null,
      barcode: null,
      status: 'active',
      featured: rnd() < 0.05,
      onSale: rnd() < 0.1,
    };
    const productId = randomUUID();
    const entries = entriesOf.get(shop.profile.category);
    // Squared: the first entries of a category are carried by many more shops than the last.
    const entry = entries && shared && sharedRnd() < shared.share ? entries[Math.floor(sharedRnd() ** 2 * entries.length)]! : null;
    if (!entry) {
      track(
        (
          await store.appendToStream(`product-${productId}`, [event('ProductCreated', { productId, storeId: shop.storeId, globalProductId: null, fields })], {
            expectedRevision: 'no_stream',
          })
        ).position,
      );
      onProgress?.(++done, total);
      return;
    }
    // Within 20% of the entry's price either way, so the shops around compare.
    const priceCents = Math.round(entry.basePriceCents * (0.8 + sharedRnd() * 0.4));
    const carried: ProductFields = { ...fields, name: entry.name, barcode: entry.barcode, priceCents };
    entry.productIds.push(productId);
    // The first product of an entry creates it, as the commands do; the others wait for that.
    entry.created ??= (async () => {
      await store.appendToStream(
        uniqueStreamId('barcode', entry.barcode),
        [event('UniqueValueClaimed', { kind: 'barcode', value: entry.barcode.toLowerCase(), ownerId: entry.globalProductId })],
        { expectedRevision: 'no_stream' },
      );
      await store.appendToStream(
        `global-product-${entry.globalProductId}`,
        [
          event('GlobalProductCreated', {
            id: entry.globalProductId,
            originalStoreId: shop.storeId,
            originalProductId: productId,
            addedBy: shop.ownerId,
            fields: {
              name: entry.name,
              description: carried.description,
              basePriceCents: entry.basePriceCents,
              imageUrl: null,
              images: [],
              category: carried.category,
              sku: null,
              barcode: entry.barcode,
            },
          }),
        ],
        { expectedRevision: 'no_stream' },
      );
    })();
    await entry.created;
    await store.appendToStream(`product-${productId}`, [event('ProductCreated', { productId, storeId: shop.storeId, globalProductId: entry.globalProductId, fields: carried })], {
      expectedRevision: 'no_stream',
    });
    track(
      (
        await store.appendToStream(`global-product-${entry.globalProductId}`, [event('GlobalProductUsed', { storeId: shop.storeId, productId, priceCents })], {
          expectedRevision: 'any',
        })
      ).position,
    );
    onProgress?.(++done, total);
  });
  const year = 365 * 24 * 3_600_000;
  const now = Date.now();
  await inParallel(
    Array.from({ length: users }, (_, i) => i),
    8,
    async (i) => {
      const userId = randomUUID();
      const first = pick(firstNames);
      const last = pick(surnames);
      const username = `${first}.${last}.${tag}-${i + 1}`.toLowerCase().replace(/\s+/g, '');
      const email = `${username}@vicino.demo`;
      // The account's own registration time, spread over the past year: lists sort by it.
      const registered: NewEvent = {
        id: randomUUID(),
        type: 'UserRegistered',
        data: { userId, username, name: `${first} ${last}`, email, role: pick(accountRoles), passwordHash },
        metadata: { ...meta, correlationId: randomUUID(), at: new Date(now - Math.floor(rnd() * year)).toISOString() },
      };
      for (const [kind, value] of [
        ['username', username],
        ['email', email],
      ] as const) {
        await store.appendToStream(uniqueStreamId(kind, value), [event('UniqueValueClaimed', { kind, value, ownerId: userId })], { expectedRevision: 'no_stream' });
      }
      track((await store.appendToStream(`user-${userId}`, [registered], { expectedRevision: 'no_stream' })).position);
      onProgress?.(++done, total);
    },
  );
  const seededShops = shops.map((s) => ({ storeId: s.storeId, ownerId: s.ownerId, username: s.username, latitude: s.profile.latitude, longitude: s.profile.longitude }));
  return {
    stores,
    shops: seededShops,
    products,
    users,
    entries: [...entriesOf.values()]
      .flat()
      .filter((e) => e.productIds.length > 0)
      .map(({ globalProductId, productIds }) => ({ globalProductId, productIds })),
    last,
  };
}

/** Where a seeded collaborator stands: only `offered` ones are proposed to shops (approved, active, available). */
export type SeededCollaboratorState = 'offered' | 'pending' | 'suspended' | 'unavailable' | 'inactive' | 'rejected';

/** A seeded collaborator: what a benchmark needs to log in as them (password SEEDED_PASSWORD) and to know what shops see of them. */
export interface SeededCollaborator {
  userId: string;
  username: string;
  state: SeededCollaboratorState;
  latitude: number;
  longitude: number;
  radiusKm: number;
  services: CollaboratorService[];
}

export interface CollaboratorsSeed {
  collaborators: SeededCollaborator[];
  last: Position | null;
}

/** How often each state is seeded: most are offered to shops, as on a marketplace that has been running a while. */
const collaboratorStates: [SeededCollaboratorState, weight: number][] = [
  ['offered', 72],
  ['pending', 8],
  ['unavailable', 7],
  ['suspended', 5],
  ['inactive', 4],
  ['rejected', 4],
];
const availabilityTexts = ['lun–ven pomeriggio', 'sabato e domenica', 'tutti i giorni, mattina', 'su appuntamento', 'sere dei giorni feriali'];

/**
 * Appends `collaborators` collaborators (their accounts with role collaborator, their profiles,
 * and the admin's decisions) as the commands would write them, in parallel batches like
 * seedLarge(): clustered around the same cities as the shops (three in four within about 10 km
 * of a centre, the others spread over the province and beyond), a radius of 1 to 50 km (mostly
 * small), one to five services, mostly approved and offered to shops, some pending, suspended,
 * rejected, inactive or unavailable. Deterministic for a `seed`, apart from ids.
 */
export async function seedCollaborators(
  store: EventStore,
  { collaborators = 20_000, seed = 11, onProgress }: { collaborators?: number; seed?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<CollaboratorsSeed> {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
  const weighted = cities.flatMap((c) => Array.from({ length: c[3] }, () => c));
  const states = collaboratorStates.flatMap(([state, weight]) => Array<SeededCollaboratorState>(weight).fill(state));
  const passwordHash = await hashPassword(SEEDED_PASSWORD);
  const tag = randomUUID().slice(0, 6);
  const adminId = randomUUID();
  const at = (userId: string | null, role: Role | null): NewEvent['metadata'] => ({ ...metadataOf(systemContext()), actorUserId: userId, actorRole: role });
  const event = (type: string, data: unknown, meta = at(null, null)): NewEvent => ({ id: randomUUID(), type, data, metadata: meta });

  const seeded = Array.from({ length: collaborators }, (_, i): SeededCollaborator & { name: string; profile: CollaboratorProfile } => {
    const [city, lat, lng] = pick(weighted);
    // Degrees of spread (1° of latitude ≈ 111 km): about 9 km around the centre, or about 40 km.
    const spread = rnd() < 0.75 ? 0.08 : 0.35;
    const latitude = clamp(lat + gaussian() * spread, italyBounds.minLatitude, italyBounds.maxLatitude);
    const longitude = clamp(lng + gaussian() * spread * 1.3, italyBounds.minLongitude, italyBounds.maxLongitude);
    const radiusKm = Math.round((1 + 49 * rnd() ** 2) * 2) / 2;
    const services = serviceIds.filter((s) => rnd() < (s === 'delivery' ? 0.7 : 0.35));
    if (!services.length) services.push(pick(serviceIds));
    const state = pick(states);
    const name = `${pick(firstNames)} ${pick(surnames)}`;
    const profile: CollaboratorProfile = {
      address: `Via ${pick(surnames)} ${1 + Math.floor(rnd() * 200)}, ${city}`,
      latitude,
      longitude,
      radiusKm,
      services,
      isAvailable: state !== 'unavailable',
      availability: pick(availabilityTexts),
      bio: `Collaboratore di zona a ${city}.`,
    };
    return { userId: randomUUID(), username: `collaboratore-${tag}-${i + 1}`, state, latitude, longitude, radiusKm, services, name, profile };
  });

  let last: Position | null = null;
  let done = 0;
  await inParallel(seeded, 8, async (c) => {
    const email = `${c.username}@vicino.demo`;
    for (const [kind, value] of [
      ['username', c.username],
      ['email', email],
    ] as const) {
      await store.appendToStream(uniqueStreamId(kind, value), [event('UniqueValueClaimed', { kind, value, ownerId: c.userId })], { expectedRevision: 'no_stream' });
    }
    await store.appendToStream(`user-${c.userId}`, [event('UserRegistered', { userId: c.userId, username: c.username, name: c.name, email, role: 'collaborator', passwordHash })], {
      expectedRevision: 'no_stream',
    });
    const byAdmin = at(adminId, 'admin');
    const decisions: Record<SeededCollaboratorState, NewEvent[]> = {
      pending: [],
      offered: [event('CollaboratorApproved', { canActivateSessions: rnd() < 0.8 }, byAdmin)],
      unavailable: [event('CollaboratorApproved', { canActivateSessions: true }, byAdmin)],
      inactive: [event('CollaboratorApproved', { canActivateSessions: true }, byAdmin), event('CollaboratorStatusChanged', { status: 'inactive' }, at(c.userId, 'collaborator'))],
      suspended: [
        event('CollaboratorApproved', { canActivateSessions: true }, byAdmin),
        event('CollaboratorSuspended', { reason: 'Segnalazioni dei negozi da verificare' }, byAdmin),
      ],
      rejected: [event('CollaboratorRejected', { reason: 'Profilo incompleto' }, byAdmin)],
    };
    track(
      (
        await store.appendToStream(
          collaboratorStreamId(c.userId),
          [event('CollaboratorRegistered', { userId: c.userId, profile: c.profile }, at(c.userId, 'collaborator')), ...decisions[c.state]],
          { expectedRevision: 'no_stream' },
        )
      ).position,
    );
    onProgress?.(++done, collaborators);
  });
  function track(p: Position): void {
    last = p;
  }
  return { collaborators: seeded.map(({ name: _name, profile: _profile, ...c }) => c), last };
}
