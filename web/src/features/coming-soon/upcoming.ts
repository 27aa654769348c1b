import type { MenuPlace } from '../../app/feature';
import type { Role } from '../../lib/types';

/**
 * Pages the menus link (spec §2) whose screens come with later work: each says what it will do
 * and with what, inside the dashboard, instead of the developer's 404.
 */
export interface UpcomingPage {
  title: string;
  /** What the page will let its user do. */
  what: string[];
  /** With what it arrives. */
  when: string;
  /** Its entry in the sidebar of the roles that will use it. */
  menu?: Partial<Record<Role, MenuPlace>>;
}

/** The pages that arrive together with one piece of work, said once for them all. */
const arrivingWith = (when: string, pages: Record<string, Omit<UpcomingPage, 'when'>>): Record<string, UpcomingPage> =>
  Object.fromEntries(Object.entries(pages).map(([path, page]) => [path, { ...page, when }]));

export const upcomingPages: Record<string, UpcomingPage> = {
  ...arrivingWith('Arriva con incarichi, sessioni attivate con un codice, attività e consegne in zona, subito dopo i profili dei collaboratori.', {
    '/collaborator/tasks': {
      title: 'Attività',
      what: ['Consegne e lavori sul catalogo da svolgere, con indirizzi e distanze.', 'Segnarli come iniziati e completati.'],
      menu: { collaborator: { place: 20, label: 'Attività', icon: 'tasks' } },
    },
  }),
};
