import type { PaymentRecord } from './contract.js';

/** The CSV's columns: Italian headings, the record's field for each. */
const columns: [string, (row: PaymentRecord) => string | number | null][] = [
  ['ID', (r) => r.id],
  ['Data', (r) => r.createdAt],
  ['Utente', (r) => r.username],
  ['Tipo', (r) => r.transactionType],
  ['Importo', (r) => r.amount],
  ['Valuta', (r) => r.currency],
  ['Metodo', (r) => r.paymentMethod],
  ['Fornitore', (r) => r.paymentProvider],
  ['ID del fornitore', (r) => r.providerTransactionId],
  ['Stato', (r) => r.status],
  ['Descrizione', (r) => r.description],
  ['Motivo', (r) => r.failureReason],
  ['Completato il', (r) => r.completedAt],
  ['Rimborsato il', (r) => r.refundedAt],
];

/**
 * A cell as a spreadsheet opened in Italy reads it: amounts with a decimal comma, text quoted when
 * it holds the separator, a quote or a line break, and text a spreadsheet would run as a formula
 * (=, +, -, @ first) kept as text.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return (value / 100).toFixed(2).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV (`;`-separated, CRLF, a BOM so that spreadsheets read UTF-8), amounts in euros. */
export async function paymentsCsv(pages: AsyncIterable<PaymentRecord[]>): Promise<string> {
  const lines = [columns.map(([heading]) => heading).join(';')];
  for await (const rows of pages) for (const row of rows) lines.push(columns.map(([, of]) => cell(of(row))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
