import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from './platform/eventstore/types.js';
import type { Pool } from './platform/db/pool.js';
import { registerUser } from './modules/users/commands.js';
import { createProduct } from './modules/catalog/commands.js';
import { changeStore, createStore } from './modules/stores/commands.js';
import { newStoreDefaults } from './modules/stores/contract.js';
import type { ProductFields } from './modules/catalog/products.js';
import { systemContext, type Role } from './platform/domain/context.js';
import { DomainError } from './platform/domain/errors.js';
import { toCents } from './platform/domain/money.js';
import type { OpeningHours, StoreProfile } from './modules/stores/decider.js';
import { findUserByUsername } from './modules/users/projection.js';
import { updatePaymentSettings } from './modules/payments/commands.js';
import { demoPlanFor } from './modules/packages/commands.js';

const productDefaults: Omit<ProductFields, 'name' | 'description' | 'priceCents' | 'stockQuantity' | 'category' | 'barcode'> = {
  imageUrl: null,
  images: [],
  defaultImageIndex: 0,
  pdfUrl: null,
  sku: null,
  status: 'active',
  featured: false,
  onSale: false,
};

/** One account per role, printed at start-up so a newcomer can log in at once. */
export const demoAccounts: { username: string; password: string; role: Role; name: string; email: string }[] = [
  { username: 'admin', password: 'vicino-admin', role: 'admin', name: 'Alessandra Conti', email: 'admin@vicino.demo' },
  { username: 'negoziante', password: 'vicino-negozio', role: 'shopkeeper', name: 'Gianni Esposito', email: 'gianni@vicino.demo' },
  { username: 'collaboratore', password: 'vicino-collabora', role: 'collaborator', name: 'Luca Ferrari', email: 'luca@vicino.demo' },
  { username: 'cliente', password: 'vicino-cliente', role: 'customer', name: 'Chiara Romano', email: 'chiara@vicino.demo' },
];

const weekdays = (open: [string, string][], saturday: [string, string][] = open, sunday: [string, string][] = []): OpeningHours => {
  const slots = (list: [string, string][]) => list.map(([o, c]) => ({ open: o, close: c }));
  return { '0': slots(sunday), '1': slots(open), '2': slots(open), '3': slots(open), '4': slots(open), '5': slots(open), '6': slots(saturday) };
};

const shopBase: Omit<StoreProfile, 'name' | 'description' | 'address' | 'category' | 'latitude' | 'longitude' | 'openingHours' | 'phone'> = newStoreDefaults;

/** Real-looking shops of Rome and Milan, each with its own shopkeeper; all approved but the last. */
export const demoShops: { owner: { username: string; name: string }; profile: StoreProfile; approved: boolean }[] = [
  {
    owner: { username: 'negoziante', name: 'Gianni Esposito' },
    approved: true,
    profile: {
      ...shopBase,
      name: 'Bottega di Gianni',
      description: 'Alimentari di quartiere dal 1978: pasta fresca, salumi, formaggi e conserve del Lazio.',
      address: 'Via del Governo Vecchio 52, 00186 Roma RM',
      category: 'alimentari',
      latitude: 41.8986,
      longitude: 12.4697,
      phone: '+39 06 6880 1234',
      email: 'bottega@vicino.demo',
      openingHours: weekdays([['08:30', '13:30'], ['16:30', '19:30']], [['08:30', '13:30']]),
      shippingEnabled: true,
      pickupOnly: false,
      // Card payments too: the demo's sandbox takes them ("Pagamenti di prova").
      onlinePaymentsEnabled: true,
      stripePaymentsEnabled: true,
      shippingRadius: 5,
      minimumOrderForShippingCents: 2000,
      shippingCostCents: 490,
      freeShippingThresholdCents: 5000,
      shippingNote: 'Consegna in giornata per ordini entro le 12:00.',
    },
  },
  {
    owner: { username: 'forno.monti', name: 'Maria De Luca' },
    approved: true,
    profile: {
      ...shopBase,
      name: 'Forno Monti',
      description: 'Pane a lievitazione naturale, pizza bianca e dolci della tradizione romana.',
      address: 'Via dei Serpenti 120, 00184 Roma RM',
      category: 'panetteria',
      latitude: 41.8959,
      longitude: 12.4932,
      phone: '+39 06 4782 5566',
      openingHours: weekdays([['07:00', '14:00'], ['16:00', '20:00']], [['07:00', '14:00']], [['08:00', '13:00']]),
    },
  },
  {
    owner: { username: 'ferramenta.trastevere', name: 'Paolo Marchetti' },
    approved: true,
    profile: {
      ...shopBase,
      name: 'Ferramenta Trastevere',
      description: 'Utensili, vernici, duplicazione chiavi e piccole riparazioni per la casa.',
      address: 'Via della Lungaretta 85, 00153 Roma RM',
      category: 'ferramenta',
      latitude: 41.8892,
      longitude: 12.4707,
      phone: '+39 06 5833 9012',
      openingHours: weekdays([['09:00', '13:00'], ['15:30', '19:30']], [['09:00', '13:00']]),
    },
  },
  {
    owner: { username: 'libreria.brera', name: 'Elena Galli' },
    approved: true,
    profile: {
      ...shopBase,
      name: 'Libreria di Brera',
      description: 'Libreria indipendente: narrativa, libri per ragazzi, guide di Milano e presentazioni ogni giovedì.',
      address: 'Via Fiori Chiari 14, 20121 Milano MI',
      category: 'libreria',
      latitude: 45.4719,
      longitude: 9.1868,
      phone: '+39 02 8646 3344',
      openingHours: weekdays([['10:00', '19:30']], [['10:00', '20:00']], [['15:00', '19:00']]),
      shippingEnabled: true,
      pickupOnly: false,
      // Card payments too: the demo's sandbox takes them ("Pagamenti di prova").
      onlinePaymentsEnabled: true,
      stripePaymentsEnabled: true,
      shippingRadius: 10,
      minimumOrderForShippingCents: 1500,
      shippingCostCents: 350,
      freeShippingThresholdCents: 4000,
      shippingNote: 'Spedizione con corriere in 24/48 ore.',
    },
  },
  {
    owner: { username: 'ortofrutta.isola', name: 'Davide Colombo' },
    approved: true,
    profile: {
      ...shopBase,
      name: 'Ortofrutta Isola',
      description: 'Frutta e verdura di stagione da aziende agricole lombarde, cassette su ordinazione.',
      address: 'Via Pastrengo 9, 20159 Milano MI',
      category: 'ortofrutta',
      latitude: 45.4862,
      longitude: 9.1889,
      phone: '+39 02 6900 7788',
      openingHours: weekdays([['08:00', '13:00'], ['16:00', '19:30']], [['08:00', '19:30']]),
    },
  },
  {
    owner: { username: 'enoteca.navigli', name: 'Francesca Riva' },
    approved: false,
    profile: {
      ...shopBase,
      name: 'Enoteca sui Navigli',
      description: 'Vini naturali, birre artigianali e degustazioni: in attesa di approvazione.',
      address: 'Ripa di Porta Ticinese 33, 20143 Milano MI',
      category: 'enoteca',
      latitude: 45.4522,
      longitude: 9.1763,
      phone: '+39 02 8940 1122',
      openingHours: weekdays([['11:00', '14:00'], ['17:00', '22:00']], [['11:00', '22:00']]),
    },
  },
];

type DemoProduct = [name: string, description: string, price: number, stock: number, category: string, barcode?: string];

/** A few real-looking products per demo shop, by shop name. */
export const demoProducts: Record<string, DemoProduct[]> = {
  'Bottega di Gianni': [
    ['Pomodori San Marzano DOP', 'Pelati San Marzano dell’Agro Sarnese-Nocerino, latta da 400 g.', 2.9, 40, 'alimentari', '8001234500011'],
    ['Mozzarella di bufala campana DOP', 'Fresca ogni mattina da Battipaglia, 250 g.', 4.5, 20, 'alimentari'],
    ['Caffè macinato miscela bar', 'Miscela 80% arabica tostata a Roma, busta da 250 g.', 5.2, 35, 'alimentari', '8001234500028'],
    ['Spaghetti di Gragnano IGP', 'Trafilati al bronzo, essiccati lentamente, 500 g.', 2.4, 60, 'alimentari', '8001234500035'],
    ['Pecorino romano DOP', 'Stagionato 8 mesi, al taglio, circa 300 g.', 7.8, 15, 'alimentari'],
  ],
  'Forno Monti': [
    ['Pizza bianca romana', 'Al metro, croccante fuori e morbida dentro, 300 g.', 3.5, 25, 'panetteria'],
    ['Pane casareccio a lievitazione naturale', 'Pagnotta da 1 kg con lievito madre.', 4.2, 18, 'panetteria'],
    ['Maritozzo con la panna', 'Il dolce della colazione romana.', 2.5, 30, 'panetteria'],
  ],
  'Ferramenta Trastevere': [
    ['Cacciavite a croce PH2', 'Impugnatura bimateriale, punta magnetica.', 6.9, 12, 'ferramenta', '8001234500042'],
    ['Lampadina LED E27 10 W', 'Luce calda 2700 K, equivalente a 75 W.', 3.9, 50, 'ferramenta', '8001234500059'],
    ['Nastro americano 50 m', 'Telato, resistente all’acqua.', 5.5, 20, 'ferramenta'],
  ],
  'Libreria di Brera': [
    ['Quaderno a righe A4', 'Copertina rigida, 96 pagine, carta 80 g.', 3.2, 40, 'libreria', '8001234500066'],
    ['Guida di Milano a piedi', 'Dodici itinerari tra cortili e botteghe storiche.', 16.0, 8, 'libreria'],
  ],
  'Ortofrutta Isola': [
    ['Pomodori ciliegini', 'Di Pachino, vaschetta da 500 g.', 2.8, 30, 'ortofrutta'],
    ['Mele Golden della Valtellina IGP', 'Sacchetto da 1 kg.', 2.6, 45, 'ortofrutta'],
    ['Caffè in grani monorigine', 'Etiopia Sidamo, 250 g: lo tostiamo per gli amici del bar accanto.', 8.5, 10, 'alimentari', '8001234500028'],
  ],
};

interface SeedDeps {
  store: EventStore;
  pool: Pool;
  waitFor: (position: Position) => Promise<unknown>;
}

async function ensureUser(
  deps: SeedDeps,
  account: { username: string; password: string; role: Role; name: string; email: string },
): Promise<string> {
  const existing = await findUserByUsername(deps.pool, account.username);
  if (existing) return existing.id;
  const { userId, position } = await registerUser(deps, account, systemContext(), { ignoreClosedRegistration: true });
  if (position) await deps.waitFor(position);
  return userId;
}

/** Creates the admin named by ADMIN_USERNAME / ADMIN_PASSWORD unless that username exists. */
export async function seedAdmin(deps: SeedDeps, username: string, password: string, email?: string): Promise<void> {
  try {
    await ensureUser(deps, { username, password, role: 'admin', name: 'Amministratore', email: email ?? `${username}@vicino.local` });
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
  }
}

/** The demo data: one user per role, and shops with their shopkeepers. Safe to run again. */
export async function seedDemo(deps: SeedDeps): Promise<void> {
  for (const account of demoAccounts) await ensureUser(deps, account);
  let last: Position | null = null;
  const planned: string[] = [];
  for (const shop of demoShops) {
    const ownerId = await ensureUser(deps, {
      username: shop.owner.username,
      password: demoAccounts[1]!.password,
      role: 'shopkeeper',
      name: shop.owner.name,
      email: `${shop.owner.username}@vicino.demo`,
    });
    const { rows } = await deps.pool.query('SELECT 1 FROM stores WHERE owner_id = $1', [ownerId]);
    if (rows.length) continue;
    const storeId = randomUUID();
    const ctx = systemContext();
    const created = await createStore(deps.store, { storeId, ownerId, profile: shop.profile }, ctx);
    last = created.position;
    if (shop.approved) last = (await changeStore(deps.store, storeId, { type: 'ApproveStore' }, ctx)) ?? last;
    for (const [name, description, price, stockQuantity, category, barcode] of demoProducts[shop.profile.name] ?? []) {
      const fields = { ...productDefaults, name, description, priceCents: toCents(price), stockQuantity, category, barcode: barcode ?? null };
      last = (await createProduct(deps.store, { storeId, fields }, ctx)).position ?? last;
    }
    if (shop.profile.shippingEnabled) planned.push(ownerId);
  }
  // The demo shows every paid flow without a provider's account: the sandbox takes the payments.
  last = (await updatePaymentSettings(deps, { sandboxEnabled: true }, systemContext())) ?? last;
  if (last) await deps.waitFor(last);
  // The shops that ship run on the Premium plan, as if bought (the options they show need one).
  for (const ownerId of planned) last = (await demoPlanFor(deps, ownerId)) ?? last;
  if (last) await deps.waitFor(last);
}
