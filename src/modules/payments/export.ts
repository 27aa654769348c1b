import { cell, csvDocument } from '../../platform/http/csv.js';
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

/** The rows as CSV (`;`-separated, CRLF, a BOM so that spreadsheets read UTF-8), amounts in euros. */
export async function paymentsCsv(pages: AsyncIterable<PaymentRecord[]>): Promise<string> {
  const lines = [columns.map(([heading]) => heading)];
  for await (const rows of pages) for (const row of rows) lines.push(columns.map(([, of]) => cell(of(row))));
  return csvDocument(lines);
}
