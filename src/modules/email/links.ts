import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the links in the mails point: the site as its visitors reach it. */
export const siteUrl = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');

/*
 * The links a mail carries for the app to check later (unsubscribe, the open pixel, the clicks)
 * are signed with the app's secret (HMAC-SHA256, one purpose per kind of link), so they need no
 * login and no table of tokens, and nobody can make one for an address or a link of their own.
 */

type Purpose = 'unsubscribe' | 'open' | 'click';

const signature = (secret: Buffer, purpose: Purpose, ...parts: string[]): string =>
  createHmac('sha256', secret)
    .update([`vicino-email-${purpose}`, ...parts].join('\n'))
    .digest('base64url');

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An address's unsubscribe token: the address itself and its signature. */
export function unsubscribeToken(secret: Buffer, email: string): string {
  const address = email.toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${signature(secret, 'unsubscribe', address)}`;
}

/** The address a genuine unsubscribe token names; null for any other text. */
export function addressOfUnsubscribeToken(secret: Buffer, token: string): string | null {
  const [encoded, signed, ...rest] = token.split('.');
  if (!encoded || !signed || rest.length) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  return address && sameText(signed, signature(secret, 'unsubscribe', address)) ? address : null;
}

export const unsubscribeUrl = (secret: Buffer, email: string): string => `${siteUrl}/api/email/unsubscribe/${unsubscribeToken(secret, email)}`;

const mailToken = (secret: Buffer, purpose: Purpose, mailId: string, ...parts: string[]) => `${mailId}.${signature(secret, purpose, mailId, ...parts)}`;

function mailOf(secret: Buffer, purpose: Purpose, token: string, ...parts: string[]): string | null {
  const [mailId, signed, ...rest] = token.split('.');
  if (!mailId || !signed || rest.length || !uuid.test(mailId)) return null;
  return sameText(signed, signature(secret, purpose, mailId, ...parts)) ? mailId : null;
}

export const openPixelUrl = (secret: Buffer, mailId: string): string => `${siteUrl}/api/email/open/${mailToken(secret, 'open', mailId)}`;
/** The mail whose pixel this is, or null when the token is not one the app signed. */
export const mailOfOpenToken = (secret: Buffer, token: string): string | null => mailOf(secret, 'open', token);

/** The site's link that logs a click and sends the reader on to `url`, and only there. */
export const clickUrl = (secret: Buffer, mailId: string, url: string): string =>
  `${siteUrl}/api/email/click/${mailToken(secret, 'click', mailId, url)}?url=${encodeURIComponent(url).replace(/'/g, '%27')}`;
/** The mail of a click when `url` is the very link the app signed for it; null otherwise. */
export const mailOfClickToken = (secret: Buffer, token: string, url: string): string | null => mailOf(secret, 'click', token, url);

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
/** The URL an href's text means (templates escape `&` and quotes in attributes). */
const hrefValue = (text: string) => text.replace(/&(amp|quot|#39|lt|gt);/g, (e) => entities[e]!);

/** Before the closing </body>, where a mail has one; at the end otherwise. */
const beforeBodyEnd = (html: string, piece: string) => (/<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${piece}</body>`) : html + piece);

export interface Decorated {
  html: string;
  text: string;
  /** The unsubscribe link (marketing mails), also for the List-Unsubscribe header; null otherwise. */
  unsubscribe: string | null;
}

/**
 * A mail as it leaves: with trackClicks every http(s) link of the HTML goes through the click
 * redirect, with trackOpens the HTML ends with the 1×1 pixel, and a marketing mail ends (HTML and
 * text) with its unsubscribe link, which no template can forget since it is added here. The text
 * part's links stay as written: a reader of plain text sees where a link goes.
 */
export function decorate(
  mail: { id: string; toEmail: string; html: string; text: string; marketing: boolean },
  { secret, trackOpens, trackClicks }: { secret: Buffer; trackOpens: boolean; trackClicks: boolean },
): Decorated {
  let { html, text } = mail;
  if (trackClicks) {
    html = html.replace(
      /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi,
      (_, start: string, quote: string, href: string) => `${start}${quote}${clickUrl(secret, mail.id, hrefValue(href))}${quote}`,
    );
  }
  const unsubscribe = mail.marketing ? unsubscribeUrl(secret, mail.toEmail) : null;
  if (unsubscribe) {
    html = beforeBodyEnd(
      html,
      `<p style="margin:16px;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#777;text-align:center">Non vuoi più ricevere e-mail promozionali da Vicino? <a href="${unsubscribe}" style="color:#777">Annulla l’iscrizione</a>.</p>`,
    );
    text = `${text.replace(/\s*$/, '')}\n\n--\nNon vuoi più ricevere e-mail promozionali da Vicino? Annulla l’iscrizione: ${unsubscribe}\n`;
  }
  if (trackOpens) html = beforeBodyEnd(html, `<img src="${openPixelUrl(secret, mail.id)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`);
  return { html, text, unsubscribe };
}
