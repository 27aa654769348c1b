import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { assembleAdmin } from '../admin/assemble';
import { italianMessages } from '../admin/i18n/it';
import { loadAdminParts, type AdminModules } from '../admin/parts';
import type { AggregateType } from '../features';
import { toyFeature } from '../testing/toy-feature/feature';
import type { Feature, FeatureAdmin, HistoryTypesOf, Messages } from './feature';

/*
 * A feature joins the site by one line in features/index.ts: here a toy feature (testing/toy-feature,
 * declared as a real one is) is added to the real list, and the router, the menus, the access rules
 * and the back office, built from the list and nothing else, take it in.
 */
vi.mock('../features', async (actual) => {
  const real = await actual<typeof import('../features')>();
  const { toyFeature: toy } = await import('../testing/toy-feature/feature');
  return { ...real, features: [...real.features, toy] };
});
vi.mock('react-router-dom', async (actual) => ({
  ...(await actual<typeof import('react-router-dom')>()),
  createBrowserRouter: (routes: RouteObject[]) => ({ routes }),
}));

const { features } = await import('../features');
const { router } = await import('./router');
const { menus } = await import('./menus');
const { rolesForPath } = await import('./access');
const routes = (router as unknown as { routes: RouteObject[] }).routes;
const landing = (to: string) => matchRoutes(routes, to)?.at(-1)?.route.path;

/** The toy's back office as the admin chunk finds it: features/<name>/admin, here its test folder. */
const toyAdmin = { '../features/toy-feature/admin/index.tsx': () => import('../testing/toy-feature/admin') };

describe('a feature registered in features/index.ts', () => {
  it('has its pages routed, in the public frame and in the protected area', () => {
    expect(landing('/giocattoli')).toBe('/giocattoli');
    expect(landing('/collaborator/toys')).toBe('/collaborator/toys');
    expect(landing('/collaborator/toys/workshop')).toBe('/collaborator/toys/workshop');
    // Without it, the same paths are the 404's.
    expect(landing('/collaborator/toys-nothing')).toBe('/collaborator/*');
  });

  it('has its menu entries in their places, with its own icon, for the role each names', () => {
    const toys = menus.collaborator.find((e) => e.to === '/collaborator/toys');
    expect(toys).toEqual({ to: '/collaborator/toys', label: 'Giocattoli', icon: toyFeature.area?.[0]?.menu?.collaborator?.icon });
    const labels = menus.collaborator.map((e) => e.label);
    expect(labels.slice(labels.indexOf('Segnalazioni'), labels.indexOf('Segnalazioni') + 3)).toEqual(['Segnalazioni', 'Giocattoli', 'Mappa negozi']);
    expect(menus.shopkeeper.some((e) => e.label === 'Giocattoli')).toBe(false);
    expect(menus.admin.map((e) => e.to)).toContain('/admin/toys');
  });

  it('has its access rule before the rule by the path’s words', () => {
    expect(rolesForPath('/collaborator/toys/workshop')).toEqual(['collaborator']);
    expect(rolesForPath('/collaborator/toys')).toEqual(['collaborator', 'shopkeeper']);
    expect(rolesForPath('/collaborator/coverage-area')).toEqual(['collaborator']);
  });

  it('has its admin resource, screen, menu entry, history and messages in the back office', async () => {
    const parts = await loadAdminParts(features, toyAdmin);
    expect(parts.filter(Boolean)).toHaveLength(1);
    const admin = assembleAdmin(features, parts, italianMessages);
    expect(admin.resources.map((r) => r.name)).toEqual(['toys']);
    expect(admin.resources[0]).toMatchObject({ list: expect.any(Function), show: expect.any(Function), recordRepresentation: 'name' });
    expect(admin.pages.map((p) => p.path)).toEqual(['/toy-workshop']);
    expect(admin.menu.map(({ to, label }) => ({ to, label }))).toEqual([{ to: '/admin/toy-workshop', label: 'Laboratorio' }]);
    expect(admin.history.toy).toBe('toys');
    expect(admin.history.order).toBe('orders');
    expect(admin.messages).toMatchObject({
      resources: { toys: { name: 'Giocattolo |||| Giocattoli', fields: { colour: 'Colore' } } },
      toys: { workshopOpen: 'Laboratorio aperto' },
    });
    // The messages no feature owns stay.
    expect(admin.messages.ra).toBe(italianMessages.ra);
    expect(admin.messages.history).toBe(italianMessages.history);
  });

  it('types its aggregate as the history endpoint takes them', () => {
    expectTypeOf<HistoryTypesOf<typeof toyFeature>>().toEqualTypeOf<'toy'>();
    expectTypeOf<'order' | 'search-vocabulary'>().toMatchTypeOf<AggregateType>();
  });
});

describe('the back office of the features', () => {
  const part = (name: string, messages: Messages): AdminModules => ({ [`../features/${name}/admin/index.ts`]: async () => ({ admin: { messages } }) });

  it('refuses a resource, a screen, a message or a history two features give', async () => {
    const twice = (admin: FeatureAdmin) => async () => ({ admin });
    const list: Feature<string>[] = [{ name: 'a' }, { name: 'b' }];
    const resource = { name: 'toys', place: 1 };
    const both = (admin: FeatureAdmin): AdminModules => ({ '../features/a/admin/index.ts': twice(admin), '../features/b/admin/index.ts': twice(admin) });
    await expect(loadAdminParts(list, both({ resources: [resource] })).then((p) => assembleAdmin(list, p, {}))).rejects.toThrow('Admin resource toys declared by two features');
    await expect(loadAdminParts(list, both({ pages: [{ path: '/x', page: () => null }] })).then((p) => assembleAdmin(list, p, {}))).rejects.toThrow('Admin page /x');
    const messages = await loadAdminParts(list, { ...part('a', { resources: { t: { name: 'A' } } }), ...part('b', { resources: { t: { name: 'B' } } }) });
    expect(() => assembleAdmin(list, messages, {})).toThrow('Admin message resources.t.name declared twice');
    expect(() =>
      assembleAdmin(
        [
          { name: 'a', history: { t: 'ts' } },
          { name: 'b', history: { t: 'others' } },
        ],
        [],
        {},
      ),
    ).toThrow('History of aggregate t');
  });

  it('merges the messages of several features under one key, and takes no part of a feature not in the list', async () => {
    const list: Feature<string>[] = [{ name: 'a' }, { name: 'b' }];
    const parts = await loadAdminParts(list, {
      ...part('a', { resources: { x: { name: 'X' } } }),
      ...part('b', { resources: { y: { name: 'Y' } } }),
      ...part('c', { resources: { z: { name: 'Z' } } }),
    });
    expect(assembleAdmin(list, parts, { ra: { action: { save: 'Salva' } } }).messages).toEqual({
      ra: { action: { save: 'Salva' } },
      resources: { x: { name: 'X' }, y: { name: 'Y' } },
    });
  });
});

describe('the features’ list', () => {
  const declared = import.meta.glob<Record<string, Feature<string>>>('../features/*/feature.ts', { eager: true });
  const adminParts = Object.keys(import.meta.glob('../features/*/admin/index.{ts,tsx}'));
  const folderOf = (file: string) => file.split('/')[2];

  it('holds every feature declared in features/, once, each named after its folder', () => {
    const real = features.filter((f) => f !== toyFeature);
    expect(real.map((f) => f.name).sort()).toEqual(Object.keys(declared).map(folderOf).sort());
    for (const [file, exports] of Object.entries(declared)) expect(Object.values(exports).map((f) => f.name)).toEqual([folderOf(file)]);
  });

  it('has a feature for every back office in features/ (a part no feature names would never be loaded)', () => {
    expect(adminParts.length).toBeGreaterThan(20);
    for (const file of adminParts)
      expect(
        features.map((f) => f.name),
        file,
      ).toContain(folderOf(file));
  });
});
