import { describe, expect, it } from 'vitest';
import type { PersonalExportSection } from '../../platform/module.js';
import { exportFileName, exportHtml, exportJson } from './export-documents.js';
import type { PersonalDataExport } from './export.js';

const sections: Pick<PersonalExportSection, 'key' | 'columns'>[] = [
  {
    key: 'orders',
    columns: [
      ['createdAt', 'Data', 'time'],
      ['totalCents', 'Totale', 'money'],
      ['status', 'Stato', { completed: 'Completato' }],
      ['paid', 'Pagato', 'yes-no'],
      ['items', 'Articoli'],
      ['notes', 'Note'],
      ['day', 'Giorno', 'day'],
    ],
  },
  { key: 'cart', columns: [['product', 'Prodotto']] },
];

const exported: PersonalDataExport = {
  about: 'Vicino',
  generatedAt: '2026-12-02T15:00:00.000Z',
  person: { id: '7fb81902-f228-45c8-a0b6-4ba8a24d186d', username: 'Nives.C <x>', name: 'Nives <i>Corradi</i>', role: 'customer' },
  sections: {
    orders: {
      title: 'Ordini',
      about: 'I tuoi ordini.',
      rows: [
        {
          createdAt: '2026-07-01T10:30:00.000Z',
          totalCents: 1250,
          status: 'completed',
          paid: true,
          items: [{ name: 'Torta', quantity: 2, priceCents: 625 }],
          notes: '<script>alert(1)</script>',
          day: '2026-07-02',
        },
      ],
    },
    cart: { title: 'Carrello', about: 'Il carrello.', rows: [] },
  },
};

describe('a person’s export as files', () => {
  it('names the file by the person and the day, with only the characters a file name takes', () => {
    expect(exportFileName(exported, 'json')).toBe('vicino-dati-nives.c-x-2026-12-02.json');
    expect(exportFileName(exported, 'html')).toBe('vicino-dati-nives.c-x-2026-12-02.html');
  });

  it('keeps every field in the JSON', () => {
    expect(JSON.parse(exportJson(exported))).toEqual(exported);
  });

  it('writes the summary in Italian, in Rome’s time and in euros, as text (never as markup), the empty sections named together', () => {
    const html = exportHtml(exported, sections);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('Nives &lt;i&gt;Corradi&lt;/i&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // 10:30 UTC in July is 12:30 in Rome.
    expect(html).toContain('<td data-label="Data">01/07/2026 12:30</td>');
    expect(html).toContain('<td data-label="Totale">€ 12,50</td>');
    expect(html).toContain('<td data-label="Stato">Completato</td>');
    expect(html).toContain('<td data-label="Pagato">Sì</td>');
    expect(html).toContain('<td data-label="Articoli">Torta · 2 · € 6,25</td>');
    expect(html).toContain('<td data-label="Giorno">02/07/2026</td>');
    expect(html).toContain('<a href="#orders">Ordini</a> (1)');
    expect(html).toContain('Vicino non conserva nulla su di te in: Carrello.');
  });
});
