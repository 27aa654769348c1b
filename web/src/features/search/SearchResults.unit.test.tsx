import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../testing/render';
import type { NearbyStore, SearchItem, SearchPage, useNearbyStores, useProductSearch } from './api';
import { Interpretation } from './Interpretation';
import { NearbyShopsList } from './NearbyShops';
import { readFilters, searchHref, type FilterChanges } from './search-filters';
import { SearchResults } from './SearchResults';

/* What the search page says of what it found (issue [17]), read as a customer reads it. */

const maps = { defaultSearchRadius: 10 };
const shop = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Bottega di Gianni',
  slug: 'bottega-di-gianni',
  address: 'Via dei Coronari 12, Roma',
  latitude: 41.8986,
  longitude: 12.4731,
};

const item = (name: string, changes: Partial<SearchItem> = {}): SearchItem => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  storeId: shop.id,
  name,
  description: '',
  price: 2.4,
  stockQuantity: 10,
  imageUrl: null,
  images: [],
  defaultImageIndex: 0,
  pdfUrl: null,
  category: 'alimentari',
  sku: null,
  barcode: null,
  status: 'active',
  featured: false,
  onSale: false,
  globalProductId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  priceSince: '2025-01-01T00:00:00.000Z',
  lowestPrice30Days: null,
  store: shop,
  distanceKm: 1.24,
  match: 'exact',
  openNow: true,
  pickupToday: true,
  ...changes,
});

const page = (changes: Partial<SearchPage>): SearchPage => ({
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
  radius: 10,
  interpretation: { correctedQuery: null, expansions: [] },
  suggestions: [],
  beyond: [],
  ...changes,
});

const asQuery = <T,>(data: T) => ({ data, isError: false, isPlaceholderData: false, refetch: () => undefined }) as never;

function results(query: string, answer: SearchPage) {
  const params = new URLSearchParams(query);
  const filters = readFilters(params, maps);
  const search: ReturnType<typeof useProductSearch> = asQuery(answer);
  const html = renderHtml(
    <SearchResults
      search={search}
      filters={filters}
      radii={[1, 2, 5, 10, 20, 50]}
      placeLabel="Roma centro"
      wide
      update={() => undefined}
      hrefWith={(c) => searchHref(params, c, maps)}
      onChangePlace={() => undefined}
    />,
  );
  return { html, text: textOf(html) };
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the results', () => {
  it('show each product’s shop and address, distance, stock, whether the shop is open and whether it can be picked up today', () => {
    const { text } = results(
      'q=spaghetti',
      page({ items: [item('Spaghetti di Gragnano IGP'), item('Spaghettoni', { stockQuantity: 0, openNow: false, pickupToday: false })], total: 2 }),
    );
    expect(text).toContain('Spaghetti di Gragnano IGP Bottega di Gianni Via dei Coronari 12, Roma 1,2 km Disponibile Aperto ora Ritiro oggi');
    // Out of stock: no pickup to speak of.
    expect(text).toContain('Spaghettoni Bottega di Gianni Via dei Coronari 12, Roma 1,2 km Esaurito Chiuso ora €');
    expect(results('q=pane', page({ items: [item('Pane', { pickupToday: false })], total: 1 })).text).toContain('Non ritirabile oggi');
  });

  it('say why they come in their order, by the sort chosen, and that none is paid for', () => {
    const relevance = results('q=pane', page({ items: [item('Pane')], total: 1 })).text;
    expect(relevance).toContain('Perché vedo questi risultati');
    expect(relevance).toContain('Ordinati per pertinenza');
    expect(relevance).toContain('Nessun risultato è sponsorizzato');
    expect(results('q=pane&sort=price', page({ items: [item('Pane')], total: 1 })).text).toContain('Ordinati per prezzo, dal più basso');
    expect(results('', page({ items: [item('Pane')], total: 1 })).text).toContain('Ordinati per distanza');
  });

  it('list the products of the same kind after the ones that match the words, under their own heading', () => {
    const { text } = results(
      'q=pasta',
      page({ items: [item('Pasta di semola'), item('Spaghetti di Gragnano IGP', { match: 'related' }), item('Penne rigate', { match: 'related' })], total: 3 }),
    );
    expect(text).toMatch(/Pasta di semola.*Prodotti simili Non contengono «pasta», ma sono dello stesso tipo o della stessa categoria\. Spaghetti di Gragnano IGP.*Penne rigate/);
    expect(results('q=pasta', page({ items: [item('Pasta di semola')], total: 1 })).text).not.toContain('Prodotti simili');
  });

  it('when nothing is found: what the customer may have meant as links, and the shops beyond the radius that have it, with a way to reach them', () => {
    const { html, text } = results(
      'q=formaggo&category=alimentari',
      page({
        suggestions: ['formaggio', 'formaggi freschi'],
        beyond: [
          {
            store: { ...shop, id: '00000000-0000-4000-8000-0000000000b1', name: 'Latteria Flaminio', slug: 'latteria-flaminio', address: 'Via Flaminia 100, Roma' },
            distanceKm: 14.2,
            products: 3,
          },
          {
            store: { ...shop, id: '00000000-0000-4000-8000-0000000000b2', name: 'Caseificio Tiburtino', slug: 'caseificio-tiburtino', address: 'Via Tiburtina 900, Roma' },
            distanceKm: 23,
            products: 1,
          },
        ],
      }),
    );
    expect(text).toContain('Nessun risultato per «formaggo»');
    expect(text).toContain('Forse cercavi… formaggio formaggi freschi');
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/search?q=formaggio&category=alimentari', '/search?q=formaggi+freschi&category=alimentari']));
    expect(text).toContain(
      'Più lontano lo trovi qui Negozi oltre 10 km che lo hanno, dal più vicino. Latteria Flaminio Via Flaminia 100, Roma 14 km 3 prodotti Caseificio Tiburtino Via Tiburtina 900, Roma 23 km 1 prodotto',
    );
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/stores/latteria-flaminio', '/stores/caseificio-tiburtino']));
    // The radius offered is the one that reaches the nearest of them.
    expect(text).toContain('Cerca entro 20 km');
  });

  it('when nothing is found and no shop beyond has it: the next radius', () => {
    const { text } = results('q=astronave', page({}));
    expect(text).toContain('Nessun risultato per «astronave» Non abbiamo trovato prodotti entro 10 km da Roma centro. Prova ad allargare la ricerca.');
    expect(text).toContain('Cerca entro 20 km');
    expect(text).not.toContain('Forse cercavi');
  });
});

describe('how the words were read', () => {
  const render = (query: string, reading: SearchPage['interpretation'] | null) => {
    const params = new URLSearchParams(query);
    const { q, asTyped } = readFilters(params, maps);
    const html = renderHtml(<Interpretation q={q} asTyped={asTyped} reading={reading} hrefWith={(c: FilterChanges) => searchHref(params, c, maps)} />);
    return { html, text: textOf(html) };
  };

  it('offers the words as typed after a correction, and corrections again after that', () => {
    const corrected = render('q=lampadne&radius=20', { correctedQuery: 'lampadine', expansions: [] });
    expect(corrected.text).toBe('Cerca invece «lampadne»');
    expect(hrefs(corrected.html)).toEqual(['/search?q=lampadne&radius=20&asTyped=true']);
    const typed = render('q=lampadne&asTyped=true', { correctedQuery: null, expansions: [] });
    expect(typed.text).toBe('Parole cercate come le hai scritte. Correggi gli errori di battitura');
    expect(hrefs(typed.html)).toEqual(['/search?q=lampadne']);
  });

  it('says which words of the same meaning were also searched, the first five', () => {
    expect(render('q=pasta', { correctedQuery: null, expansions: ['spaghetti', 'penne'] }).text).toBe('Anche: spaghetti, penne');
    expect(render('q=pasta', { correctedQuery: null, expansions: ['spaghetti', 'penne', 'fusilli', 'rigatoni', 'linguine', 'farfalle'] }).text).toBe(
      'Anche: spaghetti, penne, fusilli, rigatoni, linguine…',
    );
  });

  it('says nothing when the words were read as written', () => {
    expect(render('q=pane', { correctedQuery: null, expansions: [] }).html).toBe('');
    expect(render('q=pane', null).html).toBe('');
  });
});

describe('the shops nearby', () => {
  const store = (name: string, changes: Partial<NearbyStore> = {}): NearbyStore => ({
    id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    category: 'alimentari',
    address: 'Via Roma 1, Roma',
    latitude: 41.9,
    longitude: 12.5,
    logo: null,
    openNow: true,
    distanceKm: 0.35,
    pickup: true,
    shipping: false,
    ...changes,
  });
  const list = (query: string, shops: NearbyStore[]) => {
    const nearby: ReturnType<typeof useNearbyStores> = asQuery(shops);
    return textOf(
      renderHtml(
        <NearbyShopsList
          shops={nearby}
          filters={readFilters(new URLSearchParams(query), maps)}
          radii={[1, 2, 5, 10, 20, 50]}
          placeLabel="Roma centro"
          update={() => undefined}
          onChangePlace={() => undefined}
        />,
      ),
    );
  };

  it('show each shop’s distance, whether it is open now, and whether it takes pickups and ships', () => {
    const text = list('view=shops', [
      store('Forno Monti'),
      store('Cartoleria Nuova', { openNow: false, pickup: false, shipping: true, distanceKm: 2.4 }),
      store('Bottega', { shipping: true, openNow: false }),
    ]);
    expect(text).toContain('Forno Monti Alimentari Via Roma 1, Roma 350 m Aperto ora Ritiro in negozio');
    expect(text).toContain('Cartoleria Nuova Alimentari Via Roma 1, Roma 2,4 km Orari non indicati Spedizione');
    expect(text).toContain('Bottega Alimentari Via Roma 1, Roma 350 m Chiuso ora Ritiro in negozio Spedizione');
  });

  it('when none is found: says so with the filters, and offers to widen or drop them', () => {
    const text = list('view=shops&openNow=true&delivery=shipping&category=enoteca', []);
    expect(text).toContain('Nessun negozio qui intorno Non ci sono negozi entro 10 km da Roma centro in questa categoria con i filtri scelti.');
    expect(text).toContain('Cerca entro 20 km Togli i filtri Tutte le categorie Cambia posizione');
  });
});
