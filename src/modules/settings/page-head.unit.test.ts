import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from './site-settings.js';
import { headWithSettings } from './page-head.js';

const built = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Trova i prodotti nei negozi della tua zona." />
    <meta name="theme-color" content="#FFD747" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Vicino — compra nei negozi vicino a te</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  `;

describe('the page head from the site settings', () => {
  it('writes the title, description, keywords, colour and favicon the admin set, escaped', () => {
    const head = headWithSettings(built, {
      ...defaultSiteSettings,
      siteName: 'Vicino & Co.',
      metaTitle: 'Botteghe "di quartiere" <Roma> $& $1',
      metaDescription: 'Pane & pasta',
      metaKeywords: 'pane, pasta',
      primaryColor: '#1A73E8',
      favicon: '/uploads/icona.png',
    });
    for (const tag of [
      '<title>Botteghe &quot;di quartiere&quot; &lt;Roma&gt; $&amp; $1</title>',
      '<meta name="description" content="Pane &amp; pasta" />',
      '<meta name="keywords" content="pane, pasta" />',
      '<meta name="theme-color" content="#1A73E8" />',
      '<link rel="icon" href="/uploads/icona.png" />',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    ])
      expect(head).toContain(tag);
    expect(head).not.toContain('/favicon.svg');
    // The settings for the first paint: a "<" in them cannot close the script.
    const json = /<script id="site-settings" type="application\/json">(.*)<\/script>$/.exec(head)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({ siteName: 'Vicino & Co.', metaTitle: 'Botteghe "di quartiere" <Roma> $& $1' });
  });

  it('falls back to the name and the description when the search engine texts are empty; keeps the built icon without a favicon', () => {
    const head = headWithSettings(built, {
      ...defaultSiteSettings,
      siteName: 'Vicino Milano',
      siteDescription: 'Le botteghe di Milano.',
      metaTitle: '',
      metaDescription: ' ',
      metaKeywords: '',
    });
    expect(head).toContain('<title>Vicino Milano</title>');
    expect(head).toContain('<meta name="description" content="Le botteghe di Milano." />');
    expect(head).not.toContain('name="keywords"');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });
});
