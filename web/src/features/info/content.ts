/**
 * The marketing pages of spec §2 (/info/:slug). Plain data: the footer of every public page reads
 * the titles, and the home page the leads, so only those live here; each page's sections and calls
 * to action are in bodies.ts, loaded with the page (the home page's first load, issue [23]).
 * Pages map `icon` names themselves. `{sito}` in a text is the site's name from the settings
 * (`withSiteName`).
 */

export type InfoSlug =
  | 'prodotti-zona'
  | 'geolocalizzazione-intelligente'
  | 'negozi-locali'
  | 'community-attiva'
  | 'panoramica'
  | 'il-progetto'
  | 'gestisci-prodotti'
  | 'ritira-negozio'
  | 'diventa-collaboratore';

export type InfoSectionIcon =
  | 'search'
  | 'inventory'
  | 'euro'
  | 'bag'
  | 'location'
  | 'radius'
  | 'map'
  | 'privacy'
  | 'store'
  | 'rules'
  | 'favorite'
  | 'verified'
  | 'star'
  | 'notifications'
  | 'neighbourhood'
  | 'support'
  | 'customer'
  | 'shopkeeper'
  | 'collaborator'
  | 'idea'
  | 'build'
  | 'history'
  | 'barcode'
  | 'stock'
  | 'orders'
  | 'schedule'
  | 'code'
  | 'payment'
  | 'tasks'
  | 'key'
  | 'credits';

export interface InfoSection {
  title: string;
  text: string;
  icon: InfoSectionIcon;
}

export interface InfoCta {
  label: string;
  to: string;
}

/** What the footer and the home page show of a page: its title and lead. */
export interface InfoPageSummary {
  slug: InfoSlug;
  title: string;
  lead: string;
}

/** The body of a page, loaded with the page (bodies.ts): its sections and calls to action. */
export interface InfoPageBody {
  sections: InfoSection[];
  ctas: InfoCta[];
}

/** A text of these pages with `{sito}` read as the site's name of the settings (useSiteName). */
export const withSiteName = (text: string, siteName: string): string => text.replaceAll('{sito}', siteName);

export const infoPages: InfoPageSummary[] = [
  {
    slug: 'prodotti-zona',
    title: 'Prodotti in zona',
    lead: 'Cerca un prodotto e scopri subito quali negozi del tuo quartiere lo hanno sugli scaffali, a che prezzo e a quanta strada da casa tua.',
  },
  {
    slug: 'geolocalizzazione-intelligente',
    title: 'Geolocalizzazione intelligente',
    lead: '{sito} parte da dove sei tu: con un tocco la posizione del telefono o del computer diventa il centro della ricerca.',
  },
  {
    slug: 'negozi-locali',
    title: 'Negozi locali',
    lead: 'Dietro ogni scheda c’è una bottega vera, con un indirizzo, un orario e una persona che conosce quello che vende.',
  },
  {
    slug: 'community-attiva',
    title: 'Community attiva',
    lead: 'Clienti, negozianti e collaboratori dello stesso quartiere: {sito} è il posto dove si incontrano e si danno una mano.',
  },
  {
    slug: 'panoramica',
    title: 'Panoramica',
    lead: '{sito} in due minuti: il marketplace che collega i negozi fisici del quartiere con le persone che ci abitano intorno.',
  },
  {
    slug: 'il-progetto',
    title: 'Il progetto',
    lead: '{sito} nasce da un’idea semplice: comprare sotto casa dovrebbe essere comodo quanto comprare online.',
  },
  {
    slug: 'gestisci-prodotti',
    title: 'Gestisci i tuoi prodotti',
    lead: 'Metti online il catalogo del tuo negozio in un pomeriggio, non in un mese, e tienilo aggiornato in pochi tocchi.',
  },
  {
    slug: 'ritira-negozio',
    title: 'Ritira in negozio',
    lead: 'Ordini quando vuoi, passi a prendere quando ti fa comodo: niente corrieri da aspettare, niente code alla cassa.',
  },
  {
    slug: 'diventa-collaboratore',
    title: 'Diventa collaboratore',
    lead: 'Aiuta i negozi della tua zona a crescere online e guadagna crediti e compensi, con orari che decidi tu.',
  },
];
