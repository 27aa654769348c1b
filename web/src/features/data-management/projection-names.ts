/* The read models in Italian (src/projections/all.ts), for the admin dashboard and data management. */
const names: Record<string, string> = {
  activity: 'Attività recente',
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
