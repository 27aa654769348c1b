import { describe, expect, it } from 'vitest';
import { productUpdated } from './summaries.js';

const said = (changes: Record<string, unknown>) => productUpdated({ changes }).replace(/\u00a0/g, ' ');

describe('a product change, in words', () => {
  it('names each field in Italian with its value as people read it, in the form’s order', () => {
    expect(said({ description: 'Nuova', priceCents: 390 })).toBe('Prodotto modificato: prezzo € 3,90, descrizione.');
    expect(said({ featured: true, name: 'Caciotta', status: 'inactive', category: 'alimentari' })).toBe(
      'Prodotto modificato: nome «Caciotta», categoria: Alimentari, stato: non attivo, in evidenza: sì.',
    );
    expect(said({ images: ['a.jpg', 'b.jpg'], barcode: '8001234567890', onSale: false })).toBe('Prodotto modificato: in offerta: no, immagini (2), codice a barre 8001234567890.');
  });

  it('says a field left empty, and never a raw key or value', () => {
    expect(said({ pdfUrl: null, sku: '' })).toBe('Prodotto modificato: senza scheda PDF, senza codice articolo.');
    expect(said({ somethingNew: 1 })).toBe('Prodotto modificato: altri dati.');
    expect(said({})).toBe('Prodotto modificato.');
    expect(productUpdated({})).toBe('Prodotto modificato.');
  });
});
