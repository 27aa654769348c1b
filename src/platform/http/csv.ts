/*
 * CSV as a spreadsheet opened in Italy reads it: `;` between cells (the comma is the decimal
 * separator), CRLF between rows, and a BOM first so that it reads the text as UTF-8. The payments'
 * export and the shops' monthly statements write theirs with these.
 */

/** What a cell holds: text, an amount in cents (a number), or nothing. */
export type CsvValue = string | number | null;

/**
 * A cell: an amount in cents with a decimal comma (1250 → "12,50"), text quoted when it holds the
 * separator, a quote or a line break, and text a spreadsheet would run as a formula (=, +, -, @
 * first) kept as text.
 */
export function cell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return (value / 100).toFixed(2).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells (already made with `cell`, or headings) as the document: `;`, CRLF after each row, a BOM first. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
}
