import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../lib/types';
import { rolesForPath } from './access';
import { menus } from './menus';

// The route table as the app builds it, without a browser history behind it.
vi.mock('react-router-dom', async (actual) => ({
  ...(await actual<typeof import('react-router-dom')>()),
  createBrowserRouter: (routes: RouteObject[]) => ({ routes }),
}));
const { router } = await import('./router');
const routes = (router as unknown as { routes: RouteObject[] }).routes;

/** The path of the route `to` lands on: a catch-all (…/*) means the developer's 404. */
const landing = (to: string): string | undefined => matchRoutes(routes, to)?.at(-1)?.route.path;

describe('every menu link leads to a page (spec §2)', () => {
  const links = (Object.entries(menus) as [Role, (typeof menus)[Role]][]).flatMap(([role, entries]) => entries.map((e) => [role, e.to] as const));

  it.each(links)('%s: %s is a registered page, not the 404', (_role, to) => {
    const path = landing(to);
    // The back office routes its own screens inside /admin/* (react-admin); the journey opens them.
    if (to.startsWith('/admin/')) expect(path).toBe('/admin/*');
    else expect(path, `${to} lands on ${path}`).not.toMatch(/\*$/);
  });

  it.each(links)('%s: %s is open to the role whose menu lists it', (role, to) => {
    expect(rolesForPath(to) ?? [role]).toContain(role);
  });

  it('lists the pages spec §2 gives each role', () => {
    const paths = (role: Role) => menus[role].map((e) => e.to);
    expect(paths('shopkeeper')).toEqual(
      expect.arrayContaining([
        '/shopkeeper/products',
        '/shopkeeper/store/settings',
        '/shopkeeper/orders',
        '/shopkeeper/store',
        '/shopkeeper/collaborations',
        '/shopkeeper/analytics',
        '/shopkeeper/settings',
      ]),
    );
    expect(paths('collaborator')).toEqual(
      expect.arrayContaining([
        '/collaborator/tasks',
        '/collaborator/profile',
        '/collaborator/assignments',
        '/collaborator/stores-map',
        '/collaborator/coverage-area',
        '/collaborator/activate-session',
        '/collaborator/earnings',
      ]),
    );
    expect(paths('customer')).toEqual(expect.arrayContaining(['/customer/orders', '/customer/favorites', '/customer/profile', '/customer/notifications', '/customer/settings']));
  });

  it("lists each role's entries in the order of its sidebar, whichever feature gives them", () => {
    const labels = (role: Role) => menus[role].map((e) => e.label);
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Utenti',
      'Negozi',
      'Negozi su Google',
      'Collaboratori',
      'Collaborazioni',
      'Sblocchi pacchetti',
      'Sessioni',
      'Incarichi',
      'Attività',
      'Segnalazioni',
      'Reclami e contestazioni',
      'Recensioni',
      'Prodotti',
      'Offerte senza ribasso',
      'Vocabolario ricerca',
      'Pacchetti',
      'Ordini',
      'Pagamenti',
      'Crediti AI',
      'Messaggi di contatto',
      'Cancellazioni dati',
      'Conservazione dei dati',
      'Informativa e termini',
      'Impostazioni del sito',
      'Impostazioni dei pagamenti',
    ]);
    expect(labels('shopkeeper')).toEqual([
      'Dashboard',
      'Il mio negozio',
      'Ordini',
      'Incassi',
      'Prenotazioni',
      'Prodotti',
      'Impostazioni negozio',
      'Statistiche',
      'Pacchetti',
      'Crediti AI',
      'Collaborazioni',
      'Incarichi',
      'Segnalazioni',
      'Recensioni',
      'I miei casi',
      'Impostazioni account',
      'Privacy e dati',
    ]);
    expect(labels('collaborator')).toEqual([
      'Dashboard',
      'Richieste',
      'Attività',
      'Incarichi',
      'Segnalazioni',
      'Mappa negozi',
      'Area di copertura',
      'Attiva sessione',
      'Guadagni',
      'I miei casi',
      'Recensioni',
      'Crediti AI',
      'Profilo',
      'Privacy e dati',
    ]);
    expect(labels('customer')).toEqual([
      'Dashboard',
      'I miei ordini',
      'I miei casi',
      'Carrello',
      'Preferiti',
      'Recensioni',
      'Prenotazioni',
      'Notifiche',
      'Profilo',
      'Impostazioni',
      'Privacy e dati',
    ]);
  });

  it('keeps the 404 for paths nobody links', () => {
    expect(landing('/shopkeeper/nothing-here')).toBe('/shopkeeper/*');
    expect(landing('/customer/nothing-here')).toBe('/customer/*');
  });
});
