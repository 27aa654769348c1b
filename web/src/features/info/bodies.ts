import type { InfoCta, InfoPageBody, InfoSlug } from './content.js';

/** Each info page's sections and calls to action (content.ts holds its title and lead). */

const home: InfoCta = { label: 'Torna alla home', to: '/' };
const asCustomer: InfoCta = { label: 'Registrati come cliente', to: '/auth?role=customer' };
const asShopkeeper: InfoCta = { label: 'Apri il tuo negozio', to: '/auth?role=shopkeeper' };
const asCollaborator: InfoCta = { label: 'Diventa collaboratore', to: '/auth?role=collaborator' };

export const infoBodies: Record<InfoSlug, InfoPageBody> = {
  'prodotti-zona': {
    sections: [
      {
        icon: 'search',
        title: 'Una ricerca, tutti i negozi vicini',
        text: 'Scrivi il nome di un prodotto o di una categoria: bastano due lettere e {sito} inizia a cercare. I risultati mettono insieme i cataloghi di ferramenta, librerie, alimentari, negozi di elettronica e botteghe della tua zona, con i più vicini in cima.',
      },
      {
        icon: 'inventory',
        title: 'Disponibilità aggiornata dal negoziante',
        text: 'Ogni negozio aggiorna le proprie quantità in magazzino. Se un articolo è esaurito lo sai prima di uscire di casa, e puoi prenotarlo o sceglierne un altro in un negozio a pochi passi.',
      },
      {
        icon: 'euro',
        title: 'Prezzi chiari, senza sorprese',
        text: 'Il prezzo che vedi è quello praticato in negozio, in euro e al centesimo. Se il negozio spedisce, costo di consegna, ordine minimo e soglia per la spedizione gratuita sono scritti prima che tu confermi.',
      },
      {
        icon: 'bag',
        title: 'Ordina, poi ritira o ricevi a casa',
        text: 'Metti nel carrello, scegli il ritiro in negozio o la consegna dove il negozio la offre e segui l’ordine passo per passo: in attesa, in preparazione, pronto, completato.',
      },
    ],
    ctas: [asCustomer, home],
  },
  'geolocalizzazione-intelligente': {
    sections: [
      {
        icon: 'location',
        title: 'La posizione la attivi tu',
        text: 'La geolocalizzazione parte solo quando premi «Attiva Geolocalizzazione» e il browser ti chiede il permesso. Se preferisci non condividerla puoi cercare lo stesso e indicare la zona a mano.',
      },
      {
        icon: 'radius',
        title: 'Un raggio che ha senso',
        text: 'La ricerca copre di partenza 10 km intorno a te, e ogni negozio dichiara fino a dove consegna: di solito entro 5 km. Così vedi per primo ciò che puoi raggiungere a piedi o ricevere in giornata.',
      },
      {
        icon: 'map',
        title: 'Distanze vere, non promesse',
        text: 'Ogni negozio è registrato con il suo indirizzo e le sue coordinate esatte. La distanza che leggi accanto a un prodotto è quella tra te e la vetrina, non quella da un magazzino in un’altra regione.',
      },
      {
        icon: 'privacy',
        title: 'La tua posizione resta tua',
        text: 'Le coordinate servono a calcolare le distanze durante la ricerca. Ai negozianti non mostriamo dove ti trovi: vedono solo i dati che inserisci tu quando ordini.',
      },
    ],
    ctas: [asCustomer, home],
  },
  'negozi-locali': {
    sections: [
      {
        icon: 'store',
        title: 'Schede negozio complete',
        text: 'Indirizzo, orari di apertura, categoria, valutazione e, se il negoziante sceglie di mostrarli, telefono, e-mail e sito. Tutto quello che ti serve per decidere se passare oggi o domani.',
      },
      {
        icon: 'rules',
        title: 'Ogni negozio con le sue regole',
        text: 'C’è chi lavora solo con il ritiro al banco e chi consegna nel quartiere; chi accetta contanti al ritiro e chi anche pagamenti online. Le condizioni di ciascun negozio sono scritte chiaramente nella sua scheda.',
      },
      {
        icon: 'favorite',
        title: 'I tuoi negozi di fiducia',
        text: 'Aggiungi ai preferiti la libreria sotto casa o il ferramenta dietro l’angolo: li ritrovi nella tua area personale e ricevi le loro notifiche.',
      },
      {
        icon: 'verified',
        title: 'Negozi controllati',
        text: 'Un negozio appena registrato resta in attesa finché il nostro team non ne verifica i dati. Solo dopo l’approvazione compare nelle ricerche dei clienti.',
      },
    ],
    ctas: [asCustomer, asShopkeeper, home],
  },
  'community-attiva': {
    sections: [
      {
        icon: 'star',
        title: 'Valutazioni che contano',
        text: 'Dopo ogni collaborazione negoziante e collaboratore si valutano a vicenda su qualità, puntualità, comunicazione e professionalità. Chi lavora bene si costruisce una reputazione che tutti possono vedere.',
      },
      {
        icon: 'notifications',
        title: 'Notifiche utili, non rumore',
        text: 'Ti scriviamo quando serve: l’ordine è pronto per il ritiro, un collaboratore ha accettato la tua richiesta, una sessione di lavoro sta per iniziare. Niente pubblicità travestita da avviso.',
      },
      {
        icon: 'neighbourhood',
        title: 'Il lavoro resta nel quartiere',
        text: 'I collaboratori sono persone della zona che aiutano i negozi a fotografare i prodotti, aggiornare il catalogo e consegnare gli ordini. Così ogni euro speso su {sito} resta tra le stesse strade.',
      },
      {
        icon: 'support',
        title: 'Quando qualcosa va storto',
        text: 'Una consegna in ritardo, un codice usato male, un pagamento contestato: apri una segnalazione e la segue una persona del nostro team, con lo storico completo di ciò che è successo.',
      },
    ],
    ctas: [asCustomer, asCollaborator, home],
  },
  panoramica: {
    sections: [
      {
        icon: 'customer',
        title: 'Per chi compra',
        text: 'Cerchi un prodotto, vedi quali negozi vicini lo hanno e a che prezzo, ordini e scegli se ritirarlo in negozio o riceverlo a casa. Preferiti e notifiche ti tengono aggiornato senza doverci pensare.',
      },
      {
        icon: 'shopkeeper',
        title: 'Per chi ha un negozio',
        text: 'Una vetrina online senza costruire un sito: catalogo con codice a barre condiviso, ordini in un’unica schermata, spedizioni e pagamenti online solo se li vuoi attivare.',
      },
      {
        icon: 'collaborator',
        title: 'Per chi vuole collaborare',
        text: 'Incarichi nei negozi della tua area, sessioni di lavoro aperte e chiuse con codici monouso, crediti e compensi registrati in modo trasparente per ogni lavoro completato.',
      },
      {
        icon: 'neighbourhood',
        title: 'Per il quartiere',
        text: 'Più clienti per le botteghe sotto casa, meno chilometri per ogni acquisto, più lavoro per chi abita in zona. {sito} funziona meglio quanto più è usato da vicini di casa.',
      },
    ],
    ctas: [asCustomer, asShopkeeper, asCollaborator, home],
  },
  'il-progetto': {
    sections: [
      {
        icon: 'idea',
        title: 'Perché lo facciamo',
        text: 'Molti negozi di quartiere hanno esattamente quello che cerchi, ma nessuno lo sa finché non entra. {sito} rende visibile ciò che c’è già sugli scaffali, così la scelta più vicina torna a essere anche la più facile.',
      },
      {
        icon: 'build',
        title: 'Come lo facciamo',
        text: 'Strumenti leggeri che funzionano dal telefono, un catalogo condiviso che evita di riscrivere mille volte lo stesso prodotto e pacchetti con durata e prezzo chiari, senza vincoli nascosti.',
      },
      {
        icon: 'history',
        title: 'Trasparenza per tutti',
        text: 'Ogni operazione, da un ordine a una sessione di lavoro, resta registrata con chi l’ha fatta e quando. Se nasce una contestazione si parte dai fatti, non dai ricordi.',
      },
      {
        icon: 'location',
        title: 'Un quartiere alla volta',
        text: 'Partiamo dall’Italia e cresciamo strada per strada, insieme ai negozianti e ai collaboratori che ci credono per primi. Ogni nuovo negozio rende {sito} più utile per tutti quelli che abitano intorno.',
      },
    ],
    ctas: [asShopkeeper, asCustomer, home],
  },
  'gestisci-prodotti': {
    sections: [
      {
        icon: 'barcode',
        title: 'Catalogo condiviso con il codice a barre',
        text: 'Inserisci il codice a barre: se un altro negozio ha già caricato quel prodotto trovi nome, descrizione e foto pronti. Tu decidi solo il tuo prezzo e la tua disponibilità.',
      },
      {
        icon: 'stock',
        title: 'Prezzi e scorte sempre in ordine',
        text: 'Aggiorna le quantità a magazzino, attiva o sospendi un articolo, metti in evidenza le novità e segna le offerte. I clienti vedono subito ciò che è davvero disponibile.',
      },
      {
        icon: 'orders',
        title: 'Ordini in un’unica schermata',
        text: 'Ogni nuovo ordine arriva con un avviso. Lo porti da «in attesa» a «in preparazione» e a «pronto», e il cliente riceve la notifica. Il cruscotto ti mostra ordini in corso e incasso del mese.',
      },
      {
        icon: 'collaborator',
        title: 'Un aiuto quando serve',
        text: 'Troppi prodotti da caricare? Richiedi un collaboratore della tua zona: lavora nel tuo negozio durante una sessione che apri e chiudi tu con un codice, e ogni sua modifica resta tracciata.',
      },
    ],
    ctas: [asShopkeeper, home],
  },
  'ritira-negozio': {
    sections: [
      {
        icon: 'schedule',
        title: 'Ordina e scegli quando passare',
        text: 'Completa l’ordine dal telefono e indica l’orario in cui preferisci passare. Il negoziante prepara la merce e la mette da parte per te.',
      },
      {
        icon: 'notifications',
        title: 'Ti avvisiamo quando è pronto',
        text: 'Appena l’ordine passa a «pronto» ricevi una notifica. Nella tua area trovi sempre lo stato aggiornato, l’indirizzo del negozio e gli orari di apertura.',
      },
      {
        icon: 'code',
        title: 'Il codice di ritiro',
        text: 'Al banco mostri il codice di ritiro del tuo ordine: il negoziante lo verifica e ti consegna il pacchetto. Nessuno può ritirare al posto tuo senza quel codice.',
      },
      {
        icon: 'payment',
        title: 'Paghi come preferisci',
        text: 'In contanti al momento del ritiro oppure online, se il negozio ha attivato i pagamenti con carta o PayPal. Il totale è sempre quello che hai visto nel carrello.',
      },
    ],
    ctas: [asCustomer, home],
  },
  'diventa-collaboratore': {
    sections: [
      {
        icon: 'tasks',
        title: 'Cosa fa un collaboratore',
        text: 'Carica prodotti nel catalogo di un negozio, scatta le foto, scrive descrizioni chiare, consegna gli ordini nel quartiere. Ogni incarico dice prima cosa c’è da fare, dove e con quale compenso.',
      },
      {
        icon: 'key',
        title: 'Sessioni con codici monouso',
        text: 'Il negoziante ti dà un codice di attivazione per aprire la sessione di lavoro e, alla fine, un codice di chiusura. Ogni codice vale una sola volta e scade: il tempo di lavoro è certo per entrambi.',
      },
      {
        icon: 'credits',
        title: 'Crediti e compensi trasparenti',
        text: 'Per ogni incarico completato ricevi i crediti o il compenso concordati. Nel tuo cruscotto vedi incarichi attivi, lavori completati e crediti guadagnati, aggiornati in tempo reale.',
      },
      {
        icon: 'location',
        title: 'La tua zona, la tua reputazione',
        text: 'Scegli l’area che copri e quando sei disponibile. Dopo l’approvazione del nostro team ricevi richieste dai negozi vicini, e le valutazioni dei negozianti fanno crescere la tua reputazione.',
      },
    ],
    ctas: [asCollaborator, home],
  },
};
