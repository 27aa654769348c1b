import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressOfUnsubscribeToken, decorate, mailOfClickToken, mailOfOpenToken, unsubscribeToken } from './links.js';

const secret = randomBytes(32);
const id = randomUUID();
const html = `<html><body><p><a href="https://esempio.it/a?x=1&amp;y=2">uno</a> <a class='b' href='http://esempio.it/b'>due</a> <a href="mailto:ciao@esempio.it">tre</a></p></body></html>`;
const tokenOf = (url: string) => url.split('/').at(-1)!.split('?')[0]!;

describe('the links a mail carries', () => {
  it('rewrites every http(s) link of the HTML to a click signed for that link, and leaves the rest', () => {
    const out = decorate({ id, toEmail: 'a@esempio.it', html, text: 'https://esempio.it/a', marketing: false }, { secret, trackOpens: false, trackClicks: true });
    const hrefs = [...out.html.matchAll(/href=["']([^"']+)["']/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs[2]).toBe('mailto:ciao@esempio.it');
    const targets = hrefs.slice(0, 2).map((href) => new URL(href).searchParams.get('url')!);
    expect(targets).toEqual(['https://esempio.it/a?x=1&y=2', 'http://esempio.it/b']);
    expect(mailOfClickToken(secret, tokenOf(hrefs[0]!), targets[0]!)).toBe(id);
    expect(mailOfClickToken(secret, tokenOf(hrefs[0]!), targets[1]!)).toBeNull();
    expect(mailOfClickToken(randomBytes(32), tokenOf(hrefs[0]!), targets[0]!)).toBeNull();
    expect(out.text).toBe('https://esempio.it/a');
    expect(out.unsubscribe).toBeNull();
  });

  it('ends a marketing mail with its unsubscribe link, never rewritten, and the pixel before </body>', () => {
    const out = decorate({ id, toEmail: 'Mario@Esempio.it', html, text: 'Ciao\n', marketing: true }, { secret, trackOpens: true, trackClicks: true });
    expect(out.unsubscribe).toContain(`/api/email/unsubscribe/${unsubscribeToken(secret, 'mario@esempio.it')}`);
    expect(out.html).toContain(`<a href="${out.unsubscribe}" style="color:#777">Annulla l’iscrizione</a>`);
    expect(out.text).toBe(`Ciao\n\n--\nNon vuoi più ricevere e-mail promozionali da Vicino? Annulla l’iscrizione: ${out.unsubscribe}\n`);
    const pixel = out.html.match(/<img src="([^"]+)"[^>]*><\/body>/)![1]!;
    expect(mailOfOpenToken(secret, tokenOf(pixel))).toBe(id);
  });

  it('reads back only the tokens it signed', () => {
    const token = unsubscribeToken(secret, 'a@esempio.it');
    expect(addressOfUnsubscribeToken(secret, token)).toBe('a@esempio.it');
    const [, signature] = token.split('.');
    expect(addressOfUnsubscribeToken(secret, `${Buffer.from('b@esempio.it').toString('base64url')}.${signature}`)).toBeNull();
    expect(addressOfUnsubscribeToken(secret, 'nulla')).toBeNull();
    expect(mailOfOpenToken(secret, `non-un-id.${signature}`)).toBeNull();
  });
});
