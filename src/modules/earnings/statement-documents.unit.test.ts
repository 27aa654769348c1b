import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { commissionInvoice, type MonthlyStatement, type StatementLine } from './statement.js';
import { rowsByOrder, statementCsv, statementFileName, statementPdf } from './statement-documents.js';

/** A small month: a payout the night the month began (31 October in UTC), a sale, a refund of part of it. */
function statementOf(lines: StatementLine[], overrides: Partial<MonthlyStatement> = {}): MonthlyStatement {
  return {
    holderKind: 'store',
    shop: { id: '5e0c1b8e-0000-4000-8000-000000000001', name: 'Bottega Rossi', address: 'Via Roma 1, 70122 Bari' },
    month: '2026-11',
    period: { from: '2026-11-01', to: '2026-11-30' },
    provisional: false,
    totals: { orders: 1, gross: 2500, fees: 150, refunds: 1000, chargebacks: 0, net: 1350, payouts: 1350 },
    openingBalance: 5000,
    closingBalance: 5000,
    invoice: commissionInvoice(150),
    lines,
    issuedAt: '2026-12-01T07:00:00.000Z',
    ...overrides,
  };
}

const order = 'a1b2c3d4-e5f6-4711-8000-000000000042';
const smallLines: StatementLine[] = [
  { at: '2026-10-31T23:10:00.000Z', kind: 'payout', orderId: null, description: 'Bonifico settimanale', provider: 'paypal', gross: -1350, fee: 0, net: -1350 },
  { at: '2026-11-03T09:15:00.000Z', kind: 'sale', orderId: order, description: 'Ordine di pane; "speciale"', provider: 'stripe', gross: 2500, fee: 250, net: 2250 },
  { at: '2026-11-10T23:30:00.000Z', kind: 'refund', orderId: order, description: 'Rimborso parziale', provider: 'sandbox', gross: -1000, fee: -100, net: -900 },
];
const small = statementOf(smallLines);

/** WinAnsi's codes 0x80–0x9F (those pdfkit writes for €, quotes, dashes…); the others are Latin-1's. */
const winAnsiHigh = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeGlyphs = (hex: string): string =>
  (hex.match(/../g) ?? [])
    .map((pair) => parseInt(pair, 16))
    .map((code) => (code >= 0x80 && code <= 0x9f ? winAnsiHigh[code - 0x80]! : String.fromCharCode(code)))
    .join('');

/**
 * What a PDF of pdfkit's writes, one string a text operation: each page's stream (inflated when
 * compressed), its `[<hex> kerning <hex> …] TJ` operations, the hex of WinAnsi codes decoded.
 */
function textsOf(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const [, body] of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const bytes = Buffer.from(body!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = body!;
    }
    for (const [, operands] of content.matchAll(/\[([^\]]*)\] TJ/g)) texts.push([...operands!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => decodeGlyphs(hex!)).join(''));
  }
  return texts;
}

const pageCount = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;

describe('the monthly statement as CSV', () => {
  it('writes the head with the month’s figures and one row a movement, in Rome’s time, amounts with a decimal comma', () => {
    expect(statementCsv(small)).toBe(
      [
        '\uFEFFEstratto conto;Bottega Rossi',
        'Periodo;dal 01/11/2026 al 30/11/2026',
        'Saldo iniziale;50,00',
        'Ordini;1',
        'Incassato lordo;25,00',
        'Commissioni;1,50',
        'Rimborsi;10,00',
        'Contestazioni;0,00',
        'Netto;13,50',
        'Bonifici;13,50',
        'Saldo finale;50,00',
        'Imponibile commissioni;1,23',
        'IVA 22%;0,27',
        'Totale commissioni;1,50',
        '',
        'Data;Tipo;Ordine;Descrizione;Fornitore;Lordo;Commissione;Netto',
        '01/11/2026 00:10;Bonifico;;Bonifico settimanale;PayPal;-13,50;0,00;-13,50',
        '03/11/2026 10:15;Vendita;A1B2C3D4;"Ordine di pane; ""speciale""";Carta (Stripe);25,00;2,50;22,50',
        '11/11/2026 00:30;Rimborso;A1B2C3D4;Rimborso parziale;Pagamenti di prova;-10,00;-1,00;-9,00',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps as text what a spreadsheet would run as a formula, and names every kind of movement in Italian', () => {
    const kinds = (['chargeback', 'chargeback_reversal', 'payout_reversal'] as const).map(
      (kind, i): StatementLine => ({ ...smallLines[1]!, kind, description: ['=HYPERLINK("http://x")', '+39 333', '@SOMMA(A1)'][i]!, provider: 'contanti' }),
    );
    const rows = statementCsv(statementOf(kinds, { shop: { id: 's', name: '=1+1', address: null } })).split('\r\n');
    expect(rows[0]).toBe("\uFEFFEstratto conto;'=1+1");
    expect(rows.slice(16, 19)).toEqual([
      `03/11/2026 10:15;Contestazione;A1B2C3D4;"'=HYPERLINK(""http://x"")";contanti;25,00;2,50;22,50`,
      "03/11/2026 10:15;Contestazione vinta;A1B2C3D4;'+39 333;contanti;25,00;2,50;22,50",
      "03/11/2026 10:15;Bonifico non riuscito;A1B2C3D4;'@SOMMA(A1);contanti;25,00;2,50;22,50",
    ]);
  });

  it('lists only the head and the headings for a month without movements', () => {
    const rows = statementCsv(statementOf([])).split('\r\n');
    expect(rows.slice(14)).toEqual(['', 'Data;Tipo;Ordine;Descrizione;Fornitore;Lordo;Commissione;Netto', '']);
  });
});

describe('the monthly statement as PDF', () => {
  it('prints the shop, the month, the figures and the movements, streams compressed unless asked not to', async () => {
    const pdf = await statementPdf(small, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const texts = textsOf(pdf);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Estratto conto — novembre 2026',
        'Bottega Rossi',
        'Via Roma 1, 70122 Bari',
        'Emesso il 1 dicembre 2026',
        'dal 01/11/2026 al 30/11/2026',
        'IVA 22 %',
        '€ 1,23',
        '€ 0,27',
        'Commissione fatturata da Vicino; il totale è IVA inclusa.',
        '01/11/2026 00:10',
        'Bonifico',
        'A1B2C3D4',
        'Ordine di pane; "speciale"',
        // The order's sale and refund of the month in one row: their sums.
        'Vendita + rimborso',
        '€ 15,00',
        '€ 13,50',
        'Pagina 1 di 1',
      ]),
    );
    expect(texts.join('\n')).not.toContain('Nessun movimento');

    // The same text, compressed: smaller, and nothing readable without inflating it.
    const compressed = await statementPdf(small);
    expect(compressed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(compressed.length).toBeLessThan(pdf.length);
    expect(compressed.toString('latin1')).not.toMatch(/\] TJ/);
    expect(textsOf(compressed)).toEqual(texts);
  });

  it('prints only what its fonts have: other characters as «?», line breaks as spaces; long descriptions cut to their column', async () => {
    const lines: StatementLine[] = [
      { ...smallLines[1]!, description: 'Caffè ☕ “bio” —\n€ 𝔸' },
      { ...smallLines[1]!, orderId: 'c1b2c3d4-e5f6-4711-8000-000000000044', description: `Cesto regalo ${'con specialità pugliesi '.repeat(10)}` },
    ];
    const texts = textsOf(await statementPdf(statementOf(lines, { shop: { id: 's', name: 'Forno Łódź', address: null } }), { compress: false }));
    expect(texts).toContain('Caffè ? “bio” — € ?');
    expect(texts).toContain('Forno ?ód?');
    const cut = texts.find((text) => text.startsWith('Cesto regalo'));
    expect(cut).toMatch(/^Cesto regalo con specialità [^…]*…$/);
    expect(cut!.length).toBeLessThan(40);
    expect([...texts.join('')].filter((char) => char < ' ')).toEqual([]);
  });

  it('says so when the month had no movements', async () => {
    const texts = textsOf(await statementPdf(statementOf([]), { compress: false }));
    expect(texts).toContain('Nessun movimento nel mese.');
    expect(texts).not.toContain('Commissione');
    expect(texts).toContain('Pagina 1 di 1');
  });

  it('draws 5,000 movements on pages of their own, the headings again and «Pagina N di M» on each', async () => {
    const lines = Array.from(
      { length: 5000 },
      (_, i): StatementLine => ({
        ...smallLines[1]!,
        orderId: `a1b2c3d4-e5f6-4711-8000-${String(i).padStart(12, '0')}`,
        at: new Date(Date.UTC(2026, 10, 1) + i * 500_000).toISOString(),
        description: `Ordine n. ${i + 1}: pane e olio`,
      }),
    );
    const pdf = await statementPdf(statementOf(lines), { compress: false });
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const texts = textsOf(pdf);
    expect(texts.filter((text) => text === 'Commissione')).toHaveLength(pages);
    expect(texts.filter((text) => /^Pagina \d+ di \d+$/.test(text))).toEqual(Array.from({ length: pages }, (_, i) => `Pagina ${i + 1} di ${pages}`));
    expect(texts.filter((text) => text.startsWith('Ordine n. '))).toHaveLength(5000);
    expect(texts).toContain('Ordine n. 5000: pane e olio');
  });
});

describe('the PDF’s rows', () => {
  it('add up each order’s movements of the month in one row, at its first, with the kinds it had; each payout a row; the same totals', () => {
    const other = 'b1b2c3d4-e5f6-4711-8000-000000000043';
    const lines: StatementLine[] = [
      ...smallLines,
      { ...smallLines[1]!, orderId: other, at: '2026-11-12T10:00:00.000Z', gross: 800, fee: 80, net: 720 },
      { ...smallLines[2]!, at: '2026-11-20T10:00:00.000Z', kind: 'chargeback', gross: -500, fee: -50, net: -450 },
    ];
    const rows = rowsByOrder(lines);
    expect(rows.map((r) => [r.kind, r.kinds, r.orderId, r.gross, r.fee, r.net])).toEqual([
      ['payout', ['payout'], null, -1350, 0, -1350],
      ['sale', ['sale', 'refund', 'chargeback'], order, 1000, 100, 900],
      ['sale', ['sale'], other, 800, 80, 720],
    ]);
    const sum = (items: { net: number }[]) => items.reduce((total, item) => total + item.net, 0);
    expect(sum(rows)).toBe(sum(lines));
  });
});

describe('the statement’s file name', () => {
  it('is the month and the shop’s name in ASCII, lower case, with dashes', () => {
    expect(statementFileName(small, 'pdf')).toBe('estratto-conto-2026-11-bottega-rossi.pdf');
    expect(statementFileName(statementOf([], { shop: { id: 's', name: '  Caffè Né-Là & C. ', address: null } }), 'csv')).toBe('estratto-conto-2026-11-caffe-ne-la-c.csv');
    expect(statementFileName(statementOf([], { shop: { id: 's', name: '☕☕', address: null } }), 'pdf')).toBe('estratto-conto-2026-11-negozio.pdf');
  });
});

describe('the commission’s invoice', () => {
  it('splits every fee into a taxable amount and VAT that add up to it, the taxable amount the nearest cent to fee / 1.22', () => {
    for (let fees = -500; fees <= 5000; fees++) {
      const { imponibile, iva, totale, ivaPercent } = commissionInvoice(fees);
      expect(ivaPercent).toBe(22);
      expect(totale).toBe(fees);
      expect(imponibile + iva).toBe(totale);
      expect(Number.isInteger(imponibile)).toBe(true);
      expect(Math.abs(imponibile * 1.22 - totale)).toBeLessThanOrEqual(0.61 + 1e-9);
    }
    expect(commissionInvoice(122)).toEqual({ imponibile: 100, ivaPercent: 22, iva: 22, totale: 122 });
  });
});
