import { plural } from '@platform/domain/format';

/* The read models in Italian (every module's projections: GET /api/admin/projections), for the admin dashboard and data management. */
const names: Record<string, string> = {
  activity: 'Attività recente',
  'ai-calls': 'Richieste all’AI',
  'ai-function-costs': 'Costi delle funzioni AI',
  'analytics-stores': 'Analisi dei negozi',
  'collaboration-reports': 'Segnalazioni sulle collaborazioni',
  'collaboration-requests': 'Richieste di collaborazione',
  'collaboration-session-actions': 'Azioni svolte nelle sessioni',
  'collaboration-sessions': 'Sessioni di collaborazione',
  'collaborator-assignments': 'Incarichi dei collaboratori',
  'collaborator-notifications': 'Avvisi delle collaborazioni',
  collaborators: 'Collaboratori',
  complaints: 'Reclami e contestazioni',
  credits: 'Crediti AI',
  'email-settings': 'Impostazioni e-mail',
  'email-templates': 'Modelli delle e-mail',
  'email-triggers': 'E-mail da inviare per gli eventi',
  'package-unlocks': 'Sblocchi dei pacchetti di collaborazione',
  'payment-settings': 'Impostazioni dei pagamenti',
  'payment-transactions': 'Pagamenti',
  'push-subscriptions': 'Dispositivi con notifiche push',
  reviews: 'Recensioni',
  search_vocabulary: 'Vocabolario della ricerca',
  'store-access': 'Accessi dei collaboratori ai negozi',
  tasks: 'Incarichi di consegna e catalogo',
  'web-push-settings': 'Impostazioni delle notifiche push',
  'analytics-orders': 'Analisi degli ordini',
  'analytics-users': 'Analisi dei nuovi utenti',
  cart: 'Carrelli',
  categories: 'Categorie',
  'contact-submissions': 'Messaggi di contatto',
  favorites: 'Negozi preferiti',
  'global-products': 'Catalogo condiviso',
  'google-maps-settings': 'Impostazioni di Google Maps',
  notifications: 'Notifiche',
  'openai-settings': 'Impostazioni di OpenAI',
  'order-holds': 'Pezzi riservati agli ordini',
  orders: 'Ordini',
  packages: 'Pacchetti',
  products: 'Prodotti',
  reservations: 'Prenotazioni',
  'site-settings': 'Impostazioni del sito',
  stores: 'Negozi',
  'user-packages': 'Pacchetti acquistati',
  users: 'Utenti',
};

/** A read model's Italian name; a new one shows its own name until added above. */
export const projectionName = (name: string): string => names[name] ?? name;

/**
 * Where a read model stands in the event log, in words. A position is «transaction/sequence» (the
 * PostgreSQL log orders events by the transaction that wrote them, then by their sequence number):
 * the sequence is the event's number in the log.
 */
export function positionText(position: string | null): string {
  const match = position ? /^(\d+)\/(\d+)$/.exec(position) : null;
  if (!match) return 'Nessun evento letto';
  return `Fino all’evento n. ${Number(match[2]).toLocaleString('it-IT')} (transazione ${Number(match[1]).toLocaleString('it-IT')})`;
}

/** How far a read model is behind the log: «In pari» or the events still to apply. */
export const lagText = (lag: number): string => (lag === 0 ? 'In pari con il registro' : `${plural(lag, 'evento', 'eventi')} da applicare`);
