import type { Choice } from '../../../admin/shared/choices';

/* The Italian names of the e-mail's states, outcomes and kinds, and of its resources' fields. */

const toChoices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const emailStatusLabels: Record<string, string> = { pending: 'In attesa', sending: 'In invio', sent: 'Inviata', failed: 'Non riuscita', cancelled: 'Annullata' };
export const emailLogStatusLabels: Record<string, string> = {
  sent: 'Inviata',
  deferred: 'Rimandata',
  bounced: 'Rifiutata',
  failed: 'Non riuscita',
  interrupted: 'Interrotta',
  retried: 'Rimessa in coda',
  cancelled: 'Annullata',
  delivered: 'Consegnata',
  complained: 'Segnalata come spam',
  opened: 'Aperta',
  clicked: 'Link cliccato',
  unsubscribed: 'Iscrizione annullata',
};
export const templateTypeLabels: Record<string, string> = { system: 'Di sistema', transactional: 'Transazionale', notification: 'Notifica', marketing: 'Promozionale' };
export const providerLabels: Record<string, string> = { smtp: 'Server SMTP', sendgrid: 'SendGrid' };

export const emailStatusChoices = toChoices(emailStatusLabels);
export const emailLogStatusChoices = toChoices(emailLogStatusLabels);
export const templateTypeChoices = toChoices(templateTypeLabels);
export const providerChoices = toChoices(providerLabels);

/** The resources' field names, for react-admin's inputs and columns (the e-mail's back office, ./index.tsx, brings them in). */
export const emailResourceMessages = {
  'email-settings': {
    name: 'Impostazioni delle e-mail',
    fields: {
      provider: 'Servizio di invio',
      host: 'Server SMTP',
      port: 'Porta',
      secure: 'Connessione cifrata dall’inizio (TLS, porta 465)',
      user: 'Utente',
      password: 'Password',
      apiKey: 'Chiave API di SendGrid',
      fromName: 'Nome del mittente',
      fromAddress: 'Indirizzo del mittente',
      replyTo: 'Rispondi a',
      isEnabled: 'Invio attivo',
      maxEmailsPerHour: 'E-mail al massimo in un’ora',
      useEnvironmentVars: 'Usa le variabili d’ambiente SMTP_*',
      trackOpens: 'Traccia le aperture',
      trackClicks: 'Traccia i clic',
      eventWebhookKey: 'Chiave di verifica degli eventi',
    },
  },
  'email-templates': {
    name: 'Modello di e-mail |||| Modelli di e-mail',
    fields: {
      name: 'Nome',
      subject: 'Oggetto',
      htmlContent: 'Contenuto HTML',
      textContent: 'Testo semplice',
      isActive: 'Attivo',
      templateType: 'Tipo',
      updatedAt: 'Modificato',
    },
  },
  'email-queue': {
    name: 'E-mail in coda',
    fields: {
      toEmail: 'Destinatario',
      subject: 'Oggetto',
      status: 'Stato',
      retryCount: 'Tentativi',
      nextAttemptAt: 'Prossimo tentativo',
      sentAt: 'Inviata il',
      failureReason: 'Motivo',
      createdAt: 'In coda dal',
      templateName: 'Modello',
    },
  },
  'email-logs': {
    name: 'Registro delle e-mail',
    fields: {
      createdAt: 'Quando',
      toEmail: 'Destinatario',
      subject: 'Oggetto',
      status: 'Esito',
      statusDetails: 'Dettagli',
      actorUserId: 'Amministratore',
    },
  },
};
