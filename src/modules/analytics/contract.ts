import { z } from 'zod';
import { euros } from '../../platform/http/money.js';
import { api, get } from '../../platform/http/contract.js';
import { uuidParam } from '../../platform/http/schemas.js';

const daysMessage = 'Giorni: un numero intero da 1 a 365.';
const days = z.coerce.number({ error: daysMessage }).int(daysMessage).min(1, daysMessage).max(365, daysMessage).default(30);

/** A day of the Rome calendar: "2026-11-24". */
const day = z.string().describe('giorno AAAA-MM-GG');

/** The admin dashboard's counts (spec §7). */
export const adminStats = z.object({ users: z.number(), stores: z.number(), products: z.number(), orders: z.number() });
export type AdminStats = z.infer<typeof adminStats>;

export const ordersOfDay = z.object({ day, orders: z.number(), revenue: euros });
export const topStore = z.object({ storeId: z.uuid(), name: z.string(), orders: z.number(), revenue: euros });
export const topProduct = z.object({ productId: z.uuid(), name: z.string(), units: z.number(), revenue: euros });
export const signUpsOfDay = z.object({ day, role: z.string(), count: z.number() });

/** The platform's figures over the last days (docs/api-admin.md). */
export const adminAnalytics = z.object({
  /** Every day of the window, oldest first: orders placed (cancelled ones too), revenue of those not cancelled. */
  ordersPerDay: z.array(ordersOfDay),
  topStores: z.array(topStore),
  topProducts: z.array(topProduct),
  /** Only the days and roles with sign-ups. */
  newUsersPerRole: z.array(signUpsOfDay),
});
export type AdminAnalytics = z.infer<typeof adminAnalytics>;

export const shopDay = z.object({ day, orders: z.number(), revenue: euros, views: z.number() });
export const shopHour = z.object({ hour: z.number(), orders: z.number(), revenue: euros });

/** A shopkeeper's own stores' figures over the last days (docs/api-orders.md). */
export const shopAnalytics = z.object({
  days: z.number(),
  /** Every store of the shopkeeper, for choosing one. */
  stores: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Conversion: orders per page view, null without views. */
  totals: z.object({ orders: z.number(), revenue: euros, views: z.number(), conversion: z.number().nullable() }),
  perDay: z.array(shopDay),
  /** The 24 hours of the Rome clock. */
  perHour: z.array(shopHour),
  bestSellers: z.array(topProduct),
});
export type ShopAnalytics = z.infer<typeof shopAnalytics>;

/** Figures over time for the admin and for each shop, from the analytics read models. */
export const analyticsApi = api('statistiche', {
  adminStats: get('/api/admin/stats', 'Quanti utenti, negozi, prodotti e ordini ha la piattaforma (amministratore)', { 200: adminStats }),
  adminAnalytics: get(
    '/api/admin/analytics',
    'Ordini e incassi per giorno, negozi e prodotti più venduti, nuovi utenti per ruolo negli ultimi giorni (amministratore)',
    { 200: adminAnalytics },
    {
      querystring: z.object({ days }),
    },
  ),
  shopAnalytics: get(
    '/api/shopkeeper/analytics',
    'Vendite per giorno e per ora, prodotti più venduti e visite contro ordini dei negozi del negoziante (o di uno)',
    { 200: shopAnalytics },
    {
      querystring: z.object({ days, storeId: uuidParam.optional() }),
    },
  ),
});
