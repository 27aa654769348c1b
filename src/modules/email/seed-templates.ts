import type { EmailTemplateFields } from './templates.js';

/**
 * A responsive message that reads well in the common clients: one centred table 600 px wide at
 * most, inline styles only (many clients drop <style>), the site's yellow as the accent. `why`
 * is the footer's line on why the reader gets it.
 */
export function layout(title: string, body: string, why = 'Ricevi questa e-mail perché hai un account su Vicino.'): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#FFD747;padding:16px 24px;border-radius:8px 8px 0 0;font-size:22px;font-weight:bold">Vicino</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#777">${why}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A call to action, as every mail shows it. */
export const button = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;background:#FF8847;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${label}</a></p>`;

/** Seeded at every start when missing (by name); the admin may change them afterwards. */
export const seededTemplates: EmailTemplateFields[] = [
  {
    name: 'benvenuto',
    templateType: 'system',
    isActive: true,
    subject: 'Benvenuto su Vicino, {{name}}!',
    htmlContent: layout(
      'Benvenuto su Vicino',
      `<p>Ciao {{name}},</p><p>grazie per esserti registrato su Vicino con il nome utente <strong>{{username}}</strong>. Da oggi puoi scoprire i negozi vicino a te, ordinare e ritirare in negozio.</p>${button('{{siteUrl}}', 'Inizia a esplorare')}<p>A presto,<br>il team di Vicino</p>`,
    ),
    textContent:
      'Ciao {{name}},\n\ngrazie per esserti registrato su Vicino con il nome utente {{username}}. Da oggi puoi scoprire i negozi vicino a te, ordinare e ritirare in negozio.\n\nInizia a esplorare: {{siteUrl}}\n\nA presto,\nil team di Vicino\n',
  },
  {
    name: 'ordine-ricevuto-cliente',
    templateType: 'transactional',
    isActive: true,
    subject: 'Ordine {{orderNumber}} inviato a {{storeName}}',
    htmlContent: layout(
      'Il tuo ordine',
      `<p>Ciao {{name}},</p><p>il tuo ordine <strong>{{orderNumber}}</strong> da <strong>{{storeName}}</strong> è stato inviato al negozio, per un totale di <strong>{{total}}</strong>.</p>{{#pickupCode}}<p>Al ritiro mostra questo codice: <strong style="font-size:20px;letter-spacing:2px">{{pickupCode}}</strong></p>{{/pickupCode}}{{#deliveryAddress}}<p>Consegna a: {{deliveryAddress}}</p>{{/deliveryAddress}}<p>Ti scriveremo quando il negozio lo accetta.</p>${button('{{orderUrl}}', 'Vedi l’ordine')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nil tuo ordine {{orderNumber}} da {{storeName}} è stato inviato al negozio, per un totale di {{total}}.\n{{#pickupCode}}Al ritiro mostra questo codice: {{pickupCode}}\n{{/pickupCode}}{{#deliveryAddress}}Consegna a: {{deliveryAddress}}\n{{/deliveryAddress}}\nTi scriveremo quando il negozio lo accetta.\n\nVedi l’ordine: {{orderUrl}}\n',
  },
  {
    name: 'ordine-ricevuto-negozio',
    templateType: 'transactional',
    isActive: true,
    subject: 'Nuovo ordine {{orderNumber}} per {{storeName}}',
    htmlContent: layout(
      'Nuovo ordine',
      `<p>Hai un nuovo ordine <strong>{{orderNumber}}</strong> per <strong>{{storeName}}</strong> da {{customerName}}, per un totale di <strong>{{total}}</strong> ({{deliveryLabel}}).</p>{{#notes}}<p>Note del cliente: {{notes}}</p>{{/notes}}${button('{{orderUrl}}', 'Apri l’ordine')}`,
    ),
    textContent:
      'Hai un nuovo ordine {{orderNumber}} per {{storeName}} da {{customerName}}, per un totale di {{total}} ({{deliveryLabel}}).\n{{#notes}}Note del cliente: {{notes}}\n{{/notes}}\nApri l’ordine: {{orderUrl}}\n',
  },
  {
    name: 'ordine-stato-cambiato',
    templateType: 'transactional',
    isActive: true,
    subject: 'Ordine {{orderNumber}}: {{statusLabel}}',
    htmlContent: layout(
      'Aggiornamento dell’ordine',
      `<p>Ciao {{name}},</p><p>il tuo ordine <strong>{{orderNumber}}</strong> da <strong>{{storeName}}</strong> ora è: <strong>{{statusLabel}}</strong>.</p>{{#pickupCode}}<p>Al ritiro mostra questo codice: <strong style="font-size:20px;letter-spacing:2px">{{pickupCode}}</strong></p>{{/pickupCode}}{{#deliveryAddress}}<p>Consegna a: {{deliveryAddress}}</p>{{/deliveryAddress}}${button('{{orderUrl}}', 'Vedi l’ordine')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nil tuo ordine {{orderNumber}} da {{storeName}} ora è: {{statusLabel}}.\n{{#pickupCode}}Al ritiro mostra questo codice: {{pickupCode}}\n{{/pickupCode}}{{#deliveryAddress}}Consegna a: {{deliveryAddress}}\n{{/deliveryAddress}}\nVedi l’ordine: {{orderUrl}}\n',
  },
  {
    name: 'password-cambiata',
    templateType: 'system',
    isActive: true,
    subject: 'La tua password di Vicino è stata cambiata',
    htmlContent: layout(
      'Password cambiata',
      `<p>Ciao {{name}},</p><p>la password del tuo account Vicino (nome utente <strong>{{username}}</strong>) è stata cambiata il {{changedAt}}.</p><p>Se sei stato tu, non devi fare nulla. Se non sei stato tu, rispondi subito a questa e-mail: ti aiuteremo a rientrare nel tuo account.</p>${button('{{loginUrl}}', 'Accedi a Vicino')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nla password del tuo account Vicino (nome utente {{username}}) è stata cambiata il {{changedAt}}.\n\nSe sei stato tu, non devi fare nulla. Se non sei stato tu, rispondi subito a questa e-mail: ti aiuteremo a rientrare nel tuo account.\n\nAccedi a Vicino: {{loginUrl}}\n',
  },
  {
    name: 'prenotazione-confermata',
    templateType: 'transactional',
    isActive: true,
    subject: 'Prenotazione confermata da {{storeName}}: {{productName}}',
    htmlContent: layout(
      'Prenotazione confermata',
      `<p>Ciao {{name}},</p><p><strong>{{storeName}}</strong> ha confermato la tua prenotazione: <strong>{{quantity}} × {{productName}}</strong>, da ritirare {{day}}{{#pickupTime}} verso le {{pickupTime}}{{/pickupTime}}. Il negozio la tiene da parte per te.</p>{{#shopkeeperNotes}}<p>Nota del negozio: {{shopkeeperNotes}}</p>{{/shopkeeperNotes}}<p>Ti scriveremo quando è pronta.</p>${button('{{reservationsUrl}}', 'Le mie prenotazioni')}`,
    ),
    textContent:
      'Ciao {{name}},\n\n{{storeName}} ha confermato la tua prenotazione: {{quantity}} × {{productName}}, da ritirare {{day}}{{#pickupTime}} verso le {{pickupTime}}{{/pickupTime}}. Il negozio la tiene da parte per te.\n{{#shopkeeperNotes}}Nota del negozio: {{shopkeeperNotes}}\n{{/shopkeeperNotes}}\nTi scriveremo quando è pronta.\n\nLe mie prenotazioni: {{reservationsUrl}}\n',
  },
  {
    name: 'prenotazione-pronta',
    templateType: 'transactional',
    isActive: true,
    subject: 'La tua prenotazione da {{storeName}} è pronta',
    htmlContent: layout(
      'Prenotazione pronta',
      `<p>Ciao {{name}},</p><p>la tua prenotazione da <strong>{{storeName}}</strong> è pronta per il ritiro: <strong>{{quantity}} × {{productName}}</strong>. Passa a prenderla {{day}}{{#pickupTime}} verso le {{pickupTime}}{{/pickupTime}}.</p>${button('{{reservationsUrl}}', 'Le mie prenotazioni')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nla tua prenotazione da {{storeName}} è pronta per il ritiro: {{quantity}} × {{productName}}. Passa a prenderla {{day}}{{#pickupTime}} verso le {{pickupTime}}{{/pickupTime}}.\n\nLe mie prenotazioni: {{reservationsUrl}}\n',
  },
  {
    name: 'prenotazione-scaduta',
    templateType: 'transactional',
    isActive: true,
    subject: 'La tua prenotazione da {{storeName}} è scaduta',
    htmlContent: layout(
      'Prenotazione scaduta',
      `<p>Ciao {{name}},</p><p>la tua prenotazione da <strong>{{storeName}}</strong> ({{quantity}} × {{productName}}, per {{day}}) è scaduta perché non è stata ritirata entro quel giorno, e il negozio ha rimesso in vendita i prodotti.</p><p>Se ti servono ancora, puoi prenotarli di nuovo.</p>${button('{{searchUrl}}', 'Cerca di nuovo')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nla tua prenotazione da {{storeName}} ({{quantity}} × {{productName}}, per {{day}}) è scaduta perché non è stata ritirata entro quel giorno, e il negozio ha rimesso in vendita i prodotti.\n\nSe ti servono ancora, puoi prenotarli di nuovo: {{searchUrl}}\n',
  },
  {
    name: 'negozio-approvato',
    templateType: 'system',
    isActive: true,
    subject: 'Il tuo negozio {{storeName}} è online su Vicino',
    htmlContent: layout(
      'Negozio approvato',
      `<p>Ciao {{name}},</p><p>buone notizie: abbiamo approvato <strong>{{storeName}}</strong>. Da ora il negozio è visibile ai clienti della zona, che possono trovare i tuoi prodotti, ordinare e prenotare.</p>${button('{{storeUrl}}', 'Gestisci il negozio')}<p>Buon lavoro,<br>il team di Vicino</p>`,
    ),
    textContent:
      'Ciao {{name}},\n\nbuone notizie: abbiamo approvato {{storeName}}. Da ora il negozio è visibile ai clienti della zona, che possono trovare i tuoi prodotti, ordinare e prenotare.\n\nGestisci il negozio: {{storeUrl}}\n\nBuon lavoro,\nil team di Vicino\n',
  },
  {
    name: 'negozio-sospeso',
    templateType: 'system',
    isActive: true,
    subject: 'Il tuo negozio {{storeName}} è stato sospeso',
    htmlContent: layout(
      'Negozio sospeso',
      `<p>Ciao {{name}},</p><p>il negozio <strong>{{storeName}}</strong> è stato sospeso dall’amministrazione di Vicino: per ora i clienti non lo vedono e non possono ordinare.</p>{{#reason}}<p>Motivo: {{reason}}</p>{{/reason}}<p>Per chiarimenti rispondi a questa e-mail.</p>${button('{{storeUrl}}', 'Vai al tuo negozio')}`,
    ),
    textContent:
      'Ciao {{name}},\n\nil negozio {{storeName}} è stato sospeso dall’amministrazione di Vicino: per ora i clienti non lo vedono e non possono ordinare.\n{{#reason}}Motivo: {{reason}}\n{{/reason}}\nPer chiarimenti rispondi a questa e-mail.\n\nVai al tuo negozio: {{storeUrl}}\n',
  },
];
