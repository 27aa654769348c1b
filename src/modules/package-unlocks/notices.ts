import type { NoticeText } from '../collaboration-requests/notices.js';

/** The shopkeeper bought the unlock: the collaboration is confirmed on both sides (notifications/collaboration-projection.ts). */
export const unlockNotices = {
  toCollaborator: (storeName: string): NoticeText => ({
    title: 'Collaborazione confermata',
    message: `Il negozio ha confermato: «${storeName}» ha acquistato il pacchetto e la collaborazione è confermata. Il negozio programma la prima sessione: la vedrai nei tuoi incarichi, con il giorno, l’ora e il luogo.`,
  }),
  toShopkeeper: (storeName: string, collaboratorName: string | null): NoticeText => ({
    title: 'Collaborazione confermata',
    message: `Pacchetto acquistato: la collaborazione con ${collaboratorName ?? 'il collaboratore'} per «${storeName}» è confermata. Programma la prima sessione dall’incarico, d’accordo con il collaboratore.`,
  }),
};
