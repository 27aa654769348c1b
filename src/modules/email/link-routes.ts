import { escapeHtml } from '../../platform/domain/html.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLinksApi } from './contract.js';
import { logOpenOrClick, unsubscribe } from './mail-logs.js';
import { isUnsubscribed } from './queries.js';
import { addressOfUnsubscribeToken, mailOfClickToken, mailOfOpenToken, siteUrl } from './links.js';
import { commandContext } from '../../platform/http/command-context.js';
import { answerConsent } from '../privacy/commands.js';
import { userIdsWithEmail } from '../users/queries.js';

/** The smallest transparent GIF: what the open pixel answers, whatever its token. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A small page of its own, in the site's colours, readable on a phone. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Vicino</title></head>
<body style="margin:0;padding:24px 16px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<main style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;overflow:hidden">
<div style="background:#FFD747;padding:16px 24px;font-size:22px;font-weight:bold">Vicino</div>
<div style="padding:24px;font-size:16px;line-height:1.5"><h1 style="font-size:20px;margin:0 0 12px">${title}</h1>${body}
<p style="margin-top:24px"><a href="${siteUrl}" style="color:#222">Torna a Vicino</a></p></div></main></body></html>`;

/** A link altered on its way (cut, retyped): an error like any other (design §4), in JSON. */
const invalidLink = { message: 'Collegamento non valido: aprilo di nuovo dall’e-mail che hai ricevuto, per intero.' };

/**
 * The links the mails carry (links.ts): unsubscribing from marketing, the open pixel and the
 * click redirect. Public: the signature is the proof, no session is needed.
 */
export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db, sessionKey: secret } = app.deps;

  // A mail client's one-click unsubscribe and the page's own button post a form: the token in the
  // URL is all that counts, so the body is read (bounded) and ignored.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 10_000 }, (_request, _body, done) => done(null, {}));
  }

  /*
   * Opening the link only asks: mail scanners open every link of a mail, and must not unsubscribe
   * anyone. The button (or the client's one-click POST) does it.
   */
  app.route({
    ...emailLinksApi.unsubscribePage,
    handler: async (request, reply) => {
      const address = addressOfUnsubscribeToken(secret, request.params.token);
      if (!address) return reply.status(404).send(invalidLink);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (await isUnsubscribed(db, address)) {
        return page(
          'Iscrizione già annullata',
          `<p>L’indirizzo <strong>${escapeHtml(address)}</strong> non riceve più e-mail promozionali da Vicino.</p><p>Continuerai a ricevere le e-mail sui tuoi ordini, sulle prenotazioni e sul tuo account.</p>`,
        );
      }
      return page(
        'Annulli l’iscrizione?',
        `<p>L’indirizzo <strong>${escapeHtml(address)}</strong> non riceverà più e-mail promozionali da Vicino. Continuerai a ricevere le e-mail sui tuoi ordini, sulle prenotazioni e sul tuo account.</p>
<form method="post"><button type="submit" style="background:#FF8847;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer">Annulla l’iscrizione</button></form>`,
      );
    },
  });

  app.route({
    ...emailLinksApi.unsubscribe,
    handler: async (request, reply) => {
      const address = addressOfUnsubscribeToken(secret, request.params.token);
      if (!address) return reply.status(404).send(invalidLink);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      await unsubscribe(pool, address);
      // The account with that address withdraws its consent too, noted as answered from the mail's link.
      for (const id of await userIdsWithEmail(app.deps.db, address))
        await request.settle(await answerConsent(app.deps, id, { kind: 'marketing', granted: false, source: 'unsubscribe' }, commandContext(request)));
      return page(
        'Iscrizione annullata',
        `<p>Fatto: l’indirizzo <strong>${escapeHtml(address)}</strong> non riceverà più e-mail promozionali da Vicino.</p><p>Continuerai a ricevere le e-mail sui tuoi ordini, sulle prenotazioni e sul tuo account.</p>`,
      );
    },
  });

  app.route({
    ...emailLinksApi.open,
    handler: async (request, reply) => {
      const emailId = mailOfOpenToken(secret, request.params.token);
      if (emailId) await logOpenOrClick(pool, emailId, 'opened', 'Aperta: l’immagine di tracciamento è stata caricata.', request, null);
      // Always the image: a client must never show a broken one, whatever the token.
      return reply.type('image/gif').header('Cache-Control', 'no-store, max-age=0').send(pixel);
    },
  });

  app.route({
    ...emailLinksApi.click,
    handler: async (request, reply) => {
      const { url } = request.query;
      const emailId = mailOfClickToken(secret, request.params.token, url);
      // Only the link the app signed for this mail: never a redirect to wherever the URL says.
      if (!emailId) return reply.status(404).send(invalidLink);
      // A click shows the mail was opened, even where the client did not load the pixel.
      await logOpenOrClick(pool, emailId, 'opened', 'Aperta: un suo collegamento è stato cliccato.', request, null);
      await logOpenOrClick(pool, emailId, 'clicked', `Clic su ${url}`, request, [url]);
      return reply.header('Cache-Control', 'no-store').redirect(url, 302);
    },
  });
};
