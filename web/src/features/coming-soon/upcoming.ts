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
}

const collaboratorsRelease = 'Arriva con i profili dei collaboratori: area di copertura, approvazione e richieste dei negozi.';
const assignmentsRelease = 'Arriva con incarichi, sessioni attivate con un codice, attività e consegne in zona, subito dopo i profili dei collaboratori.';

export const upcomingPages: Record<string, UpcomingPage> = {
  '/shopkeeper/collaborations': {
    title: 'Collaborazioni',
    what: [
      'Chiedere aiuto a un collaboratore della tua zona per le consegne o per il catalogo.',
      'Seguire richieste, incarichi e sessioni di lavoro, con i codici di accesso e di chiusura.',
      'Lasciare una recensione a fine lavoro.',
    ],
    when: collaboratorsRelease,
  },
  '/collaborator/register': {
    title: 'Diventa collaboratore',
    what: ['Completare il profilo da collaboratore: zona in cui lavori, disponibilità e servizi offerti.', 'Inviarlo all’approvazione dell’amministrazione.'],
    when: collaboratorsRelease,
  },
  '/collaborator/profile': {
    title: 'Profilo collaboratore',
    what: ['Disponibilità, servizi offerti e stato dell’approvazione.', 'Valutazione media ricevuta dai negozi.'],
    when: collaboratorsRelease,
  },
  '/collaborator/coverage-area': {
    title: 'Area di copertura',
    what: ['Scegliere sulla mappa dove lavori e fino a quale distanza.', 'Ricevere solo le richieste dei negozi in quell’area.'],
    when: collaboratorsRelease,
  },
  '/collaborator/stores-map': {
    title: 'Mappa dei negozi',
    what: ['Vedere sulla mappa i negozi della tua zona che cercano un collaboratore.', 'Rispondere alle loro richieste.'],
    when: collaboratorsRelease,
  },
  '/collaborator/assignments': {
    title: 'Incarichi',
    what: ['Gli incarichi che i negozi ti affidano, con priorità, scadenza e compenso.', 'Accettarli o rifiutarli e segnalare un problema.'],
    when: assignmentsRelease,
  },
  '/collaborator/tasks': {
    title: 'Attività',
    what: ['Consegne e lavori sul catalogo da svolgere, con indirizzi e distanze.', 'Segnarli come iniziati e completati.'],
    when: assignmentsRelease,
  },
  '/collaborator/activate-session': {
    title: 'Attiva sessione',
    what: ['Inserire il codice che ti dà il negozio per iniziare una sessione di lavoro.', 'Chiuderla con il codice di chiusura.'],
    when: assignmentsRelease,
  },
  '/collaborator/earnings': {
    title: 'Guadagni',
    what: ['Compensi e crediti guadagnati per ogni incarico completato.', 'Pagamenti ricevuti e in attesa.'],
    when: assignmentsRelease,
  },
};
