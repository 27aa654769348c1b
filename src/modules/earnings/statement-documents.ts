import PDFDocument from 'pdfkit';
import { romeDate, romeDateTime } from '../../platform/domain/format.js';
import { type Cents, formatCents } from '../../platform/domain/money.js';
import { cell, csvDocument } from '../../platform/http/csv.js';
import { type MonthlyStatement, type StatementLine, type StatementLineKind, monthInItalian } from './statement.js';

/*
 * A shop's monthly statement (statement.ts) as the files the shopkeeper downloads: a CSV for a
 * spreadsheet and a PDF to keep or hand to the accountant, both in Italian, with the same figures.
 *
 * The PDF is drawn with pdfkit's built-in Helvetica (no font files): its text is WinAnsi, so what
 * the PDF prints goes through `winAnsi` first. Every cell is one `doc.text` call at a given place
 * without a width: with a width pdfkit runs its line wrapper, which is slow, breaks long text into
 * more lines and adds a page of its own when a line passes the bottom margin; descriptions are cut
 * to their column instead.
 */

const kindNames: Record<StatementLineKind, string> = {
  sale: 'Vendita',
  refund: 'Rimborso',
  chargeback: 'Contestazione',
  chargeback_reversal: 'Contestazione vinta',
  payout: 'Bonifico',
  payout_reversal: 'Bonifico non riuscito',
  transfer: 'Compenso',
};

const providerNames: Readonly<Record<string, string>> = { stripe: 'Carta (Stripe)', sandbox: 'Pagamenti di prova', paypal: 'PayPal' };

const kindName = (kind: StatementLineKind): string => kindNames[kind] ?? kind;
const providerName = (provider: string): string => (Object.hasOwn(providerNames, provider) ? providerNames[provider]! : provider);
/** The order as the statement names it: its id's first 8 characters, upper-case («1A2B3C4D»). */
const orderRef = (orderId: string | null): string => (orderId ? orderId.slice(0, 8).toUpperCase() : '');

/** A row of the PDF's table: one order's movements of the month added up (the kinds they were), or one payout. */
export interface StatementRow extends StatementLine {
  kinds: StatementLineKind[];
}

/**
 * The PDF's rows: the month's movements of each order in one row (at its first movement's time,
 * their sums, the kinds they were: «Vendita + rimborso»), each payout a row of its own, in the order
 * of their first movement. The rows add up to the same totals as the movements; the CSV lists every
 * movement on its own.
 */
export function rowsByOrder(lines: readonly StatementLine[]): StatementRow[] {
  const rows: StatementRow[] = [];
  const byOrder = new Map<string, StatementRow>();
  for (const line of lines) {
    const known = line.orderId === null ? undefined : byOrder.get(line.orderId);
    if (!known) {
      const row: StatementRow = { ...line, kinds: [line.kind] };
      rows.push(row);
      if (line.orderId !== null) byOrder.set(line.orderId, row);
      continue;
    }
    known.gross += line.gross;
    known.fee += line.fee;
    known.net += line.net;
    if (!known.kinds.includes(line.kind)) known.kinds.push(line.kind);
  }
  return rows;
}

/** «Vendita», or «Vendita + rimborso» for an order's row of several kinds. */
const kindsName = (kinds: readonly StatementLineKind[]): string => kinds.map((kind, i) => (i === 0 ? kindName(kind) : kindName(kind).toLowerCase())).join(' + ');

/** A day of the period as «01/11/2026»: a Rome calendar day (YYYY-MM-DD) as it is, an instant by Rome's calendar. */
function day(value: string): string {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return plain ? `${plain[3]}/${plain[2]}/${plain[1]}` : romeDateTime(value).slice(0, 10);
}

const periodOf = (statement: MonthlyStatement): string =>
  `dal ${day(statement.period.from)} al ${day(statement.period.to)}${statement.provisional ? ' (mese in corso: estratto provvisorio)' : ''}`;

/** The figures of the statement's head, in the order both documents list them: a count or an amount in cents. */
function summary(statement: MonthlyStatement): { label: string; value: Cents | { count: number }; strong?: boolean }[] {
  const { totals } = statement;
  // A collaborator's: the compensations received on their account, and the payouts to their bank.
  if (statement.holderKind === 'collaborator')
    return [
      { label: 'Saldo iniziale', value: statement.openingBalance },
      { label: 'Compensi ricevuti', value: { count: totals.orders } },
      { label: 'Importo dei compensi', value: totals.net, strong: true },
      { label: 'Bonifici', value: totals.payouts },
      { label: 'Saldo finale', value: statement.closingBalance, strong: true },
    ];
  return [
    { label: 'Saldo iniziale', value: statement.openingBalance },
    { label: 'Ordini', value: { count: totals.orders } },
    { label: 'Incassato lordo', value: totals.gross },
    { label: 'Commissioni', value: totals.fees },
    { label: 'Rimborsi', value: totals.refunds },
    { label: 'Contestazioni', value: totals.chargebacks },
    { label: 'Netto', value: totals.net, strong: true },
    { label: 'Bonifici', value: totals.payouts },
    { label: 'Saldo finale', value: statement.closingBalance, strong: true },
  ];
}

function invoiceRows(statement: MonthlyStatement): { label: string; value: Cents }[] {
  const { invoice } = statement;
  return [
    { label: 'Imponibile', value: invoice.imponibile },
    { label: `IVA ${invoice.ivaPercent} %`, value: invoice.iva },
    { label: 'Totale', value: invoice.totale },
  ];
}

/**
 * The statement as CSV: a head (the shop, the period, the balances, the month's totals and the
 * commission invoice's figures), an empty row, then the movements, one a row, oldest first.
 */
export function statementCsv(statement: MonthlyStatement): string {
  const { invoice } = statement;
  const rows: string[][] = [
    ['Estratto conto', cell(statement.shop.name)],
    ['Periodo', cell(periodOf(statement))],
    ...summary(statement).map(({ label, value }) => [label, typeof value === 'number' ? cell(value) : String(value.count)]),
    ...(statement.holderKind === 'store'
      ? [
          ['Imponibile commissioni', cell(invoice.imponibile)],
          [`IVA ${invoice.ivaPercent}%`, cell(invoice.iva)],
          ['Totale commissioni', cell(invoice.totale)],
        ]
      : []),
    [],
    ['Data', 'Tipo', 'Ordine', 'Descrizione', 'Fornitore', 'Lordo', 'Commissione', 'Netto'],
  ];
  for (const line of statement.lines) {
    rows.push([
      romeDateTime(line.at),
      kindName(line.kind),
      cell(orderRef(line.orderId)),
      cell(line.description),
      cell(providerName(line.provider)),
      cell(line.gross),
      cell(line.fee),
      cell(line.net),
    ]);
  }
  return csvDocument(rows);
}

/** The statement's file name: `estratto-conto-2026-11-bottega-rossi.pdf` (ASCII, lower case, dashes). */
export function statementFileName(statement: MonthlyStatement, ext: 'csv' | 'pdf'): string {
  const slug = statement.shop.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  const month = statement.month.replace(/[^0-9-]/g, '');
  return `estratto-conto-${month}-${slug || (statement.holderKind === 'store' ? 'negozio' : 'collaboratore')}.${ext}`;
}

/* The PDF. */

type Doc = PDFKit.PDFDocument;

/** The characters beyond Latin-1 that WinAnsi has (pdfkit maps them to its code points 0x80–0x9F). */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text as the standard fonts can print it: WinAnsi's characters as they are, white space (line
 * breaks, tabs) as a space, any other character (an emoji, a Cyrillic letter) as «?».
 */
function winAnsi(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) out += char;
    else out += /\s/.test(char) ? ' ' : '?';
  }
  return out;
}

const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const color = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', band: '#e5e7eb', zebra: '#f3f4f6', box: '#f9fafb' } as const;

const A4 = { width: 595.28, height: 841.89 };
const margin = 50;
const left = margin;
const right = A4.width - margin;
const contentWidth = right - left;

/**
 * pdfkit's options of a fragment of text, with the width it would otherwise measure again
 * (`textWidth`: pdfkit's own line wrapper passes it so; without it pdfkit measures the text itself).
 */
type TextOptions = PDFKit.Mixins.TextOptions & { textWidth?: number };
const oneLine: TextOptions = { lineBreak: false };

/**
 * One line of text at (x, y), its top: left-aligned, or right-aligned to x + width. Text already in
 * WinAnsi; `measured`, its width in the current font when the caller knows it.
 */
function put(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left', measured?: number): void {
  if (!text) return;
  if (align === 'right') {
    const textWidth = measured ?? doc.widthOfString(text);
    const options: TextOptions = { lineBreak: false, textWidth };
    doc.text(text, x + width - textWidth, y, options);
  } else {
    const options: TextOptions = measured === undefined ? oneLine : { lineBreak: false, textWidth: measured };
    doc.text(text, x, y, options);
  }
}

/**
 * The width of amounts and dates («€ -1.234,56», «30/11/2026 18:05») in the current font, from
 * each character's width: Helvetica has no kerning between digits, «€», «-», «,», «.», «/», «:» and
 * the space, so the sum is what pdfkit measures, without measuring every row's text again.
 */
function figuresWidth(doc: Doc): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    let total = 0;
    for (const char of text) {
      let width = widths.get(char);
      if (width === undefined) widths.set(char, (width = doc.widthOfString(char)));
      total += width;
    }
    return total;
  };
}

/** The first `keep` characters and «…», without the space or the punctuation they would end on. */
const cutAt = (text: string, keep: number): string => `${text.slice(0, keep).replace(/[\s,;:.]+$/, '')}…`;

/**
 * Text cut to fit `width` in the current font at `size`, «…» at the end when cut, and its width
 * when it was measured. Text short enough that even Helvetica's widest character fits (1.015 of the
 * size, 1.08 with the most kerning adds) is not measured; text longer than its narrowest (0.167)
 * could fill is first cut by its count of characters, so that a long description costs no more to
 * measure than a short one.
 */
function fitted(doc: Doc, text: string, width: number, size: number): { text: string; width: number | undefined } {
  if (text.length * 1.08 * size <= width) return { text, width: undefined };
  let keep = Math.min(text.length, Math.ceil(width / (0.167 * size)));
  let cut = keep < text.length ? cutAt(text, keep) : text;
  let measured = doc.widthOfString(cut);
  while (measured > width && keep > 1) {
    keep = Math.max(1, Math.min(keep - 1, Math.floor((keep * width) / measured)));
    cut = cutAt(text, keep);
    measured = doc.widthOfString(cut);
  }
  return { text: cut, width: measured };
}

/** Text on one line at (x, y), cut to fit `width` (`fitted`): the current font's size is `size`. */
function putFitted(doc: Doc, text: string, x: number, y: number, width: number, size: number): void {
  const fit = fitted(doc, text, width, size);
  put(doc, fit.text, x, y, width, 'left', fit.width);
}

/** The movements' table: its columns, left to right, from the left margin with `gap` between them. */
const gap = 5;
const fixedColumns = { date: 64, kind: 74, order: 47, gross: 54, fee: 54, net: 54 };
const descriptionWidth = contentWidth - Object.values(fixedColumns).reduce((a, b) => a + b, 0) - 6 * gap;
const columns = (() => {
  const widths = [fixedColumns.date, fixedColumns.kind, fixedColumns.order, descriptionWidth, fixedColumns.gross, fixedColumns.fee, fixedColumns.net];
  const xs: number[] = [];
  let x = left;
  for (const width of widths) {
    xs.push(x);
    x += width + gap;
  }
  const at = (i: number) => ({ x: xs[i]!, width: widths[i]! });
  return { date: at(0), kind: at(1), order: at(2), description: at(3), gross: at(4), fee: at(5), net: at(6) };
})();

const tableSize = 8;
/** Where the table begins below its title and its note. */
const tableTop = 30;
const rowHeight = 12;
const headingHeight = 15;
/** Where the rows stop: the footer is below, in the bottom margin. */
const rowsEnd = A4.height - margin;

/** The table's headings at y, leaving the rows' font (regular, tableSize) set; answers where the rows begin. */
function drawHeadings(doc: Doc, y: number): number {
  doc.rect(left, y, contentWidth, headingHeight).fill(color.band);
  doc.fillColor(color.text).font(font.bold).fontSize(tableSize);
  const ty = y + 4;
  put(doc, 'Data', columns.date.x, ty, columns.date.width);
  put(doc, 'Tipo', columns.kind.x, ty, columns.kind.width);
  put(doc, 'Ordine', columns.order.x, ty, columns.order.width);
  put(doc, 'Descrizione', columns.description.x, ty, columns.description.width);
  put(doc, 'Lordo', columns.gross.x, ty, columns.gross.width, 'right');
  put(doc, 'Commissione', columns.fee.x, ty, columns.fee.width, 'right');
  put(doc, 'Netto', columns.net.x, ty, columns.net.width, 'right');
  doc.font(font.regular).fontSize(tableSize);
  return y + headingHeight;
}

type Measure = { figures: (text: string) => number; kinds: Map<string, { text: string; width: number | undefined }> };

/** pdfkit's current font, as its text operations use it (not in its typings). */
interface CurrentFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
}

/**
 * One row's cells written as one text object straight into the page's content: what `doc.text`
 * writes for each (the font on the page's resources, the text's matrix at the cell, its WinAnsi
 * codes), without its per-call options, measuring and state: a row of seven cells at a seventh of
 * the cost. Helvetica's pairs of digits, dates and amounts have no kerning, and each description is
 * cut to its column beforehand, so the cells land where `doc.text` would put them.
 */
function writeRow(doc: Doc, cells: [x: number, text: string][], top: number): void {
  const internals = doc as unknown as { _font: CurrentFont; _fontSize: number; page: { height: number; fonts: Record<string, unknown> } };
  const font = internals._font;
  const { page } = internals;
  page.fonts[font.id] ??= font.ref();
  const baseline = (page.height - top - (font.ascender / 1000) * internals._fontSize).toFixed(2);
  const parts = [`q 1 0 0 -1 0 ${page.height} cm BT /${font.id} ${internals._fontSize} Tf`];
  for (const [x, text] of cells) if (text) parts.push(`1 0 0 1 ${x.toFixed(2)} ${baseline} Tm [<${font.encode(text)[0].join('')}> 0] TJ`);
  parts.push('ET Q');
  doc.addContent(parts.join('\n'));
}

function drawLine(doc: Doc, line: StatementRow, y: number, striped: boolean, measure: Measure): void {
  if (striped) {
    doc.rect(left, y, contentWidth, rowHeight).fill(color.zebra);
    doc.fillColor(color.text);
  }
  const ty = y + 2.5;
  const name = kindsName(line.kinds);
  let kind = measure.kinds.get(name);
  if (kind === undefined) measure.kinds.set(name, (kind = fitted(doc, name, columns.kind.width, tableSize)));
  const cells: [number, string][] = [
    [columns.date.x, romeDateTime(line.at)],
    [columns.kind.x, kind.text],
    [columns.order.x, winAnsi(orderRef(line.orderId))],
    [columns.description.x, fitted(doc, winAnsi(line.description), columns.description.width, tableSize).text],
  ];
  for (const [column, cents] of [
    [columns.gross, line.gross],
    [columns.fee, line.fee],
    [columns.net, line.net],
  ] as const) {
    const amount = formatCents(cents);
    cells.push([column.x + column.width - measure.figures(amount), amount]);
  }
  writeRow(doc, cells, ty);
}

/** The first page's head: title, shop, date of issue, the summary and the invoice's box. Answers where the movements begin. */
function drawHead(doc: Doc, statement: MonthlyStatement): number {
  const title = `Estratto conto — ${monthInItalian(statement.month)}`;
  doc.fillColor(color.text).font(font.bold).fontSize(18);
  putFitted(doc, winAnsi(title), left, margin, contentWidth, 18);
  let y = margin + 28;
  doc.font(font.bold).fontSize(11);
  putFitted(doc, winAnsi(statement.shop.name), left, y, contentWidth, 11);
  y += 15;
  doc.font(font.regular).fontSize(9);
  if (statement.shop.address) {
    putFitted(doc, winAnsi(statement.shop.address), left, y, contentWidth, 9);
    y += 13;
  }
  doc.fillColor(color.muted);
  put(doc, winAnsi(`Emesso il ${romeDate(statement.issuedAt)}`), left, y, contentWidth);
  y += 26;

  // The summary, on the left.
  const summaryWidth = 250;
  const lineGap = 15;
  doc.fillColor(color.text).font(font.bold).fontSize(10);
  put(doc, 'Riepilogo del mese', left, y, summaryWidth);
  let sy = y + 17;
  const summaryRow = (label: string, value: string, strong = false) => {
    doc.font(strong ? font.bold : font.regular).fontSize(9);
    put(doc, label, left, sy + 3, summaryWidth);
    put(doc, winAnsi(value), left, sy + 3, summaryWidth, 'right');
    doc
      .moveTo(left, sy + lineGap)
      .lineTo(left + summaryWidth, sy + lineGap)
      .lineWidth(0.5)
      .stroke(color.rule);
    doc.fillColor(color.text);
    sy += lineGap;
  };
  summaryRow('Periodo', periodOf(statement));
  for (const { label, value, strong } of summary(statement)) summaryRow(label, typeof value === 'number' ? formatCents(value) : String(value.count), strong);

  // The commission invoice's data, in a box on the right: a shop's only (no commission is kept on a collaborator's compensation when it is paid).
  if (statement.holderKind !== 'store') return sy + 24;
  const boxX = left + summaryWidth + 25;
  const boxWidth = right - boxX;
  const pad = 10;
  const inner = boxWidth - 2 * pad;
  const boxHeight = 17 + 3 * lineGap + 24 + pad;
  doc.rect(boxX, y, boxWidth, boxHeight).lineWidth(0.75).fillAndStroke(color.box, color.rule);
  doc.fillColor(color.text).font(font.bold).fontSize(9.5);
  putFitted(doc, 'Dati per la fattura delle commissioni', boxX + pad, y + pad, inner, 9.5);
  let by = y + pad + 17;
  const rows = invoiceRows(statement);
  rows.forEach(({ label, value }, i) => {
    const last = i === rows.length - 1;
    doc.font(last ? font.bold : font.regular).fontSize(9);
    put(doc, winAnsi(label), boxX + pad, by, inner);
    put(doc, winAnsi(formatCents(value)), boxX + pad, by, inner, 'right');
    by += lineGap;
  });
  doc.font(font.italic).fontSize(7.5).fillColor(color.muted);
  putFitted(doc, 'Commissione fatturata da Vicino; il totale è IVA inclusa.', boxX + pad, by + 6, inner, 7.5);
  doc.fillColor(color.text);

  return Math.max(sy, y + boxHeight) + 24;
}

/** «Pagina N di M» and the statement's name at the foot of a page, in the bottom margin. */
function drawFooter(doc: Doc, statement: MonthlyStatement, page: number, pages: number): void {
  const y = A4.height - margin + 18;
  doc.font(font.regular).fontSize(7.5).fillColor(color.muted);
  const name = winAnsi(`Vicino · Estratto conto ${monthInItalian(statement.month)} · ${statement.shop.name}`);
  putFitted(doc, name, left, y, contentWidth - 80, 7.5);
  put(doc, `Pagina ${page} di ${pages}`, left, y, contentWidth, 'right');
  doc.fillColor(color.text);
}

/**
 * The movements from `top` of the first page on, a new page when a page is full, each page with its
 * footer. The pages are counted before any is drawn, from the layout's numbers (how many rows fit
 * the first page and the next ones), so each page is written out as soon as the next begins instead
 * of being kept to number them all at the end (pdfkit's bufferPages: a third slower on 5,000 rows).
 */
function drawMovements(doc: Doc, statement: MonthlyStatement, top: number): void {
  const lines = rowsByOrder(statement.lines);
  const firstRows = top + tableTop + headingHeight;
  const nextRows = margin + 14 + headingHeight;
  const firstCapacity = Math.max(1, Math.floor((rowsEnd - firstRows) / rowHeight));
  const capacity = Math.floor((rowsEnd - nextRows) / rowHeight);
  const pages = lines.length <= firstCapacity ? 1 : 1 + Math.ceil((lines.length - firstCapacity) / capacity);

  doc.fillColor(color.text).font(font.bold).fontSize(11);
  put(doc, 'Ordini e bonifici del mese', left, top, contentWidth);
  doc.font(font.regular).fontSize(7.5).fillColor(color.muted);
  put(doc, 'Una riga per ordine, i suoi movimenti del mese sommati; ogni movimento è nel file CSV.', left, top + 15, contentWidth);
  doc.fillColor(color.text);
  if (lines.length === 0) {
    doc.font(font.regular).fontSize(9);
    put(doc, 'Nessun movimento nel mese.', left, top + tableTop, contentWidth);
    drawFooter(doc, statement, 1, 1);
    return;
  }
  const running = winAnsi(`Estratto conto — ${monthInItalian(statement.month)} — ${statement.shop.name} (segue)`);
  let page = 1;
  let y = drawHeadings(doc, top + tableTop);
  let room = firstCapacity;
  // The rows' font, regular at tableSize, all along: what `measure` measures.
  const measure: Measure = { figures: figuresWidth(doc), kinds: new Map() };
  lines.forEach((line, i) => {
    if (room === 0) {
      drawFooter(doc, statement, page, pages);
      doc.addPage();
      page += 1;
      doc.font(font.regular).fontSize(8).fillColor(color.muted);
      putFitted(doc, running, left, margin, contentWidth, 8);
      y = drawHeadings(doc, margin + 14);
      room = capacity;
    }
    drawLine(doc, line, y, i % 2 === 1, measure);
    y += rowHeight;
    room -= 1;
  });
  drawFooter(doc, statement, page, pages);
}

/**
 * The statement as a PDF (A4, Helvetica): the head with the month's figures and the commission
 * invoice's data, then the movements, their headings again on every page, «Pagina N di M» below.
 * `compress: false` leaves the pages' streams readable (the tests read the text in them).
 */
export function statementPdf(statement: MonthlyStatement, options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin,
      compress: options.compress ?? true,
      info: {
        Title: `Estratto conto — ${monthInItalian(statement.month)} — ${statement.shop.name}`,
        Author: 'Vicino',
        CreationDate: new Date(statement.issuedAt),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const top = drawHead(doc, statement);
      drawMovements(doc, statement, top);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
