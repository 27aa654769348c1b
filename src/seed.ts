import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from './platform/eventstore/types.js';
import { comparePositions } from './platform/eventstore/position.js';
import type { Pool } from './platform/db/pool.js';
import type { ReadDb } from './platform/db/read.js';
import { registerUser } from './modules/users/commands.js';
import { createProduct, createProducts } from './modules/catalog/commands.js';
import { changeStore, createStore } from './modules/stores/commands.js';
import { activeTestAccountOf } from './modules/payments/accounts-commands.js';
import type { ProductFields } from './modules/catalog/products.js';
import { systemContext, type Role } from './platform/domain/context.js';
import { DomainError } from './platform/domain/errors.js';
import { toCents } from './platform/domain/money.js';
import { findUserByUsername } from './modules/users/projection.js';
import { updatePaymentSettings } from './modules/payments/commands.js';
import { demoPlanFor } from './modules/packages/commands.js';
import { demoShops, type DemoShop } from './demo/index.js';
import { seedCollaboratorStory } from './demo/collaboration.js';
import { seedDemoSales } from './demo/sales.js';

export { demoShops } from './demo/index.js';

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

interface SeedDeps {
  store: EventStore;
  pool: Pool;
  db: ReadDb;
  waitFor: (position: Position) => Promise<unknown>;
}

/** The account's id, registering it unless its username exists, and the position of its registration (null if it existed). */
async function ensureUser(
  deps: SeedDeps,
  account: { username: string; password: string; role: Role; name: string; email: string },
): Promise<{ userId: string; position: Position | null }> {
  const existing = await findUserByUsername(deps.pool, account.username);
  if (existing) return { userId: existing.id, position: null };
  return registerUser(deps, account, systemContext(), { ignoreClosedRegistration: true });
}

/** Creates the admin named by ADMIN_USERNAME / ADMIN_PASSWORD unless that username exists. */
export async function seedAdmin(deps: SeedDeps, username: string, password: string, email?: string): Promise<void> {
  try {
    const { position } = await ensureUser(deps, { username, password, role: 'admin', name: 'Amministratore', email: email ?? `${username}@vicino.local` });
    if (position) await deps.waitFor(position);
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
  }
}

/**
 * A demo shop: its store (created and approved once) and every product of its catalogue it does
 * not have yet by name (a product its shopkeeper deleted stays deleted), so that a database seeded
 * by an older demo gets the products added since. The last position written, if any, and whether
 * the store was created now.
 */
async function seedShop(deps: SeedDeps, shop: DemoShop, ownerId: string): Promise<{ last: Position | null; created: boolean }> {
  const ctx = systemContext();
  let last: Position | null = null;
  const { rows } = await deps.pool.query<{ id: string }>('SELECT id FROM stores WHERE owner_id = $1', [ownerId]);
  let storeId = rows[0]?.id;
  const created = !storeId;
  if (!storeId) {
    storeId = randomUUID();
    last = (await createStore(deps.store, { storeId, ownerId, profile: shop.profile }, ctx)).position;
    if (shop.approved) last = (await changeStore(deps.store, storeId, { type: 'ApproveStore' }, ctx)) ?? last;
  }
  // A shop paid online has its test account active, as if its shopkeeper had activated it: the
  // demo's payments go to the shop (a database seeded before shops had accounts gets it too).
  if (shop.profile.onlinePaymentsEnabled) last = (await activeTestAccountOf(deps.store, storeId, ctx)) ?? last;
  const known = new Set((await deps.pool.query<{ name: string }>('SELECT name FROM products WHERE store_id = $1', [storeId])).rows.map((r) => r.name));
  const missing = shop.products
    .filter(([name]) => !known.has(name))
    .map(
      ([name, description, price, stockQuantity, category, barcode]): ProductFields => ({
        ...productDefaults,
        name,
        description,
        priceCents: toCents(price),
        stockQuantity,
        category: category ?? shop.profile.category,
        barcode: barcode ?? null,
      }),
    );
  // The products without a barcode in one append; each with one joins (or creates) its shared
  // catalogue entry. The shops in turn, so that the first shop listing a barcode creates its entry.
  const later = (position: Position | null) => {
    if (position && (!last || comparePositions(position, last) > 0)) last = position;
  };
  later(await createProducts(deps.store, { storeId, products: missing.filter((fields) => !fields.barcode) }, ctx));
  for (const fields of missing.filter((f) => f.barcode)) later((await createProduct(deps.store, { storeId, fields }, ctx)).position);
  return { last, created };
}

/** The demo data: one user per role, and shops with their shopkeepers and catalogues. Safe to run again. */
export async function seedDemo(deps: SeedDeps): Promise<void> {
  // Every account at once (their password hashes are most of a first seed's time), each username
  // once; each shop is seeded as soon as its owner is there. The read models are waited for once, at the end.
  const accounts = new Map(demoAccounts.map((account) => [account.username, account]));
  for (const { owner } of demoShops) {
    if (!accounts.has(owner.username)) {
      accounts.set(owner.username, { ...owner, password: demoAccounts[1]!.password, role: 'shopkeeper', email: `${owner.username}@vicino.demo` });
    }
  }
  const ids = new Map([...accounts.values()].map((account) => [account.username, ensureUser(deps, account)]));
  const everyone = Promise.all(ids.values());
  everyone.catch(() => {}); // awaited below: a failure is thrown there, not reported as unhandled meanwhile
  let last: Position | null = null;
  const later = (position: Position | null) => {
    if (position && (!last || comparePositions(position, last) > 0)) last = position;
  };
  const planned: string[] = [];
  for (const shop of demoShops) {
    const { userId: ownerId } = await ids.get(shop.owner.username)!;
    const seeded = await seedShop(deps, shop, ownerId);
    later(seeded.last);
    if (seeded.created && shop.profile.shippingEnabled) planned.push(ownerId);
  }
  for (const { position } of await everyone) later(position);
  // The demo shows every paid flow without a provider's account: the sandbox takes the payments.
  last = (await updatePaymentSettings(deps, { sandboxEnabled: true }, systemContext())) ?? last;
  if (last) await deps.waitFor(last);
  // The shops that ship run on the Premium plan, as if bought (the options they show need one).
  for (const ownerId of planned) last = (await demoPlanFor(deps, ownerId)) ?? last;
  if (last) await deps.waitFor(last);
}

/**
 * What the demo accounts have lived through, so that each role shows its pages filled at once
 * (issue [19]): today the demo collaborator's work with the demo shop (src/demo/collaboration.ts).
 * Run after seedDemo, by a first start; safe to run again (nothing twice). Apart from seedDemo
 * because the browser journeys start from the demo accounts as a newcomer finds them.
 */
export async function seedDemoStories(deps: SeedDeps & { secret: Buffer }): Promise<void> {
  const idOf = async (role: Role) => (await findUserByUsername(deps.pool, demoAccounts.find((a) => a.role === role)!.username))?.id;
  const [adminId, shopkeeperId, collaboratorId] = await Promise.all([idOf('admin'), idOf('shopkeeper'), idOf('collaborator')]);
  if (!adminId || !shopkeeperId || !collaboratorId) return;
  const last = await seedCollaboratorStory(deps, { adminId, shopkeeperId, collaboratorId });
  if (last) await deps.waitFor(last);
  const sold = await seedDemoSales(deps);
  if (sold) await deps.waitFor(sold);
}
