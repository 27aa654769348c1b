import type { ErasureRequestedBy, ErasureStatus } from './erasure.js';

/*
 * The erasures' states and who asked, in Italian, said once for both sides (@labels/privacy).
 * Pure data, importing nothing at run time.
 */

export const erasureStatuses = ['requested', 'waiting', 'carried_out', 'completed'] as const satisfies readonly Exclude<ErasureStatus, 'none'>[];

export const erasureStatusLabels: Record<(typeof erasureStatuses)[number], string> = {
  requested: 'Richiesta',
  waiting: 'In attesa degli ordini aperti',
  carried_out: 'Eseguita, in chiusura',
  completed: 'Completata',
};

export const erasureRequestedByLabels: Record<ErasureRequestedBy, string> = {
  self: 'Dalla persona, nelle sue impostazioni',
  admin: 'Dall’amministrazione, su sua richiesta',
};

/** What a person may consent to (issue [21]): e-mails of offers, and the tracking of the e-mails they get. */
export const consentKinds = ['marketing', 'email-tracking'] as const;
export type ConsentKind = (typeof consentKinds)[number];

export const consentKindLabels: Record<ConsentKind, string> = {
  marketing: 'E-mail promozionali',
  'email-tracking': 'Misura delle e-mail (aperture e clic)',
};

/** The text a person agrees to, kept with each answer in the log: a change of text is a new text, answered again. */
export const consentTexts: Record<ConsentKind, string> = {
  marketing:
    'Voglio ricevere da Vicino e-mail promozionali: offerte e novità dei negozi vicino a me. Posso ritirare il consenso quando voglio, dalle impostazioni o dal link in fondo a ogni e-mail.',
  'email-tracking':
    'Acconsento a che Vicino registri quando apro le e-mail che mi manda e quali link seguo, per capire se arrivano e migliorarle. Senza consenso le e-mail arrivano lo stesso, senza misure.',
};

export const consentSourceLabels: Record<'settings' | 'notice' | 'registration' | 'unsubscribe', string> = {
  settings: 'Dalle impostazioni',
  notice: 'Dall’avviso sui cookie',
  registration: 'Alla registrazione',
  unsubscribe: 'Dal link di disiscrizione di un’e-mail',
};
