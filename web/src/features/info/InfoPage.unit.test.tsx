import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { siteSettingsQueryKey } from '../site-settings/api';
import { renderHtml, textOf } from '../../testing/render';
import { infoBodies } from './bodies';
import { infoPages, withSiteName } from './content';
import InfoPage from './InfoPage';

const page = (slug: string, siteName?: string) =>
  textOf(
    renderHtml(
      <Routes>
        <Route path="/info/:slug" element={<InfoPage />} />
      </Routes>,
      { path: `/info/${slug}`, prime: (c) => siteName && c.setQueryData(siteSettingsQueryKey, { siteName }) },
    ),
  );

describe('the information pages', () => {
  it('name the site as its settings do, never a name written in the text', () => {
    for (const p of infoPages) {
      for (const text of [p.title, p.lead, ...infoBodies[p.slug].sections.flatMap((s) => [s.title, s.text]), ...infoBodies[p.slug].ctas.map((c) => c.label)])
        expect(text).not.toContain('Vicino');
    }
    const about = page('il-progetto', 'Bottegone');
    expect(about).toContain('Scopri Bottegone');
    expect(about).toContain('Bottegone nasce da un’idea semplice');
    expect(about).not.toMatch(/Vicino|\{sito\}/);
    // Until the settings load, the product's own name.
    expect(page('il-progetto')).toContain('Vicino nasce da un’idea semplice');
    expect(withSiteName('Su {sito} e ancora {sito}.', 'Bottegone')).toBe('Su Bottegone e ancora Bottegone.');
  });
});
