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
  ...arrivingWith('Arriva con incarichi e sessioni attivate con un codice, subito dopo i profili dei collaboratori.', {
    '/collaborator/assignments': {
      title: 'Incarichi',
      what: ['Gli incarichi che i negozi ti affidano, con priorità, scadenza e compenso.', 'Accettarli o rifiutarli e segnalare un problema.'],
      menu: { collaborator: { place: 30, label: 'Incarichi', icon: 'collaborations' } },
    },
    '/collaborator/activate-session': {
      title: 'Attiva sessione',
      what: ['Inserire il codice che ti dà il negozio per iniziare una sessione di lavoro.', 'Chiuderla con il codice di chiusura.'],
      menu: { collaborator: { place: 60, label: 'Attiva sessione', icon: 'key' } },
    },
    '/collaborator/earnings': {
      title: 'Guadagni',
      what: ['Compensi e crediti guadagnati per ogni incarico completato.', 'Pagamenti ricevuti e in attesa.'],
      menu: { collaborator: { place: 70, label: 'Guadagni', icon: 'earnings' } },
    },
  }),
};
