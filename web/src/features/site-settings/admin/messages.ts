import type { Messages } from '../../../app/feature';

/** The back office's Italian names of the feature's resources and their fields (react-admin's `resources.<name>`). */
export const messages = {
  resources: {
    'site-settings': {
      name: 'Impostazioni del sito',
      fields: {
        siteName: 'Nome del sito',
        siteDescription: 'Descrizione del sito',
        logo: 'Logo',
        favicon: 'Favicon',
        useLogoImage: "Usa l'immagine del logo",
        primaryColor: 'Colore principale',
        secondaryColor: 'Colore secondario',
        metaTitle: 'Titolo per i motori di ricerca',
        metaDescription: 'Descrizione per i motori di ricerca',
        metaKeywords: 'Parole chiave',
        footerText: 'Testo a piè di pagina',
        contactEmail: 'Email di contatto',
        socialLinks: 'Profili social',
        maintenanceMode: 'Modalità manutenzione',
        allowRegistration: 'Registrazioni aperte',
      },
    },
    'google-maps-settings': {
      name: 'Impostazioni di Google Maps',
      fields: {
        apiKey: 'Chiave API',
        geocodingEnabled: 'Geocodifica',
        placesEnabled: 'Luoghi (Places)',
        directionsEnabled: 'Indicazioni stradali',
        defaultSearchRadius: 'Raggio di ricerca predefinito (km)',
        defaultMapZoom: 'Zoom predefinito della mappa',
        useClusteringForMarkers: 'Raggruppa i segnaposto vicini',
        defaultLatitude: 'Latitudine predefinita',
        defaultLongitude: 'Longitudine predefinita',
        restrictToBoundary: 'Limita al paese',
        boundaryCountry: 'Paese (codice di due lettere)',
        geocodingProvider: 'Chi trova i luoghi degli indirizzi',
        nominatimUrl: 'Server Nominatim',
        directionsApp: 'Mappe per le indicazioni',
      },
    },
    'openai-settings': {
      name: 'Impostazioni di OpenAI',
      fields: {
        isEnabled: 'Funzioni AI attive',
        apiKey: 'Chiave API',
        baseUrl: 'Indirizzo del server (API compatibile con OpenAI)',
        organizationId: 'ID organizzazione (facoltativo)',
        model: 'Modello',
        maxTokens: 'Token massimi per risposta',
        temperature: 'Temperatura',
        timeoutSeconds: 'Tempo massimo di risposta (secondi)',
        monthlyBudgetUsd: 'Budget mensile (dollari)',
      },
    },
    'mobile-api-settings': {
      name: 'API per le app',
      fields: {
        apiUrl: 'Indirizzo dell’API',
        docsUrl: 'Documentazione',
        openApiUrl: 'Documento OpenAPI',
        isEnabled: 'Notifiche push attive',
        contactEmail: 'E-mail di contatto per i servizi push',
        publicKey: 'Chiave pubblica VAPID',
        privateKey: 'Chiave privata VAPID',
        subscriptions: 'Dispositivi iscritti',
      },
    },
  },
} satisfies Messages;
