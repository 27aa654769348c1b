import { romeDateTime } from '../../platform/domain/format.js';
import { formatCents } from '../../platform/domain/money.js';
import { escapeHtml } from '../../platform/domain/html.js';
import type { ExportFormat, PersonalExportSection } from '../../platform/module.js';
import { roleLabels } from '../users/labels.js';
import type { PersonalDataExport } from './export.js';

/*
 * A person's export as files: the JSON (every field, for another service: portability, GDPR art.
 * 20) and the readable summary (HTML, printable: each section's columns in Italian, money in euros,
 * times in Rome's time).
 */

export type ExportFileFormat = 'json' | 'html';

/** «vicino-dati-mario.rossi-2026-12-02.json»: the person's username kept to the characters a file name takes everywhere. */
export function exportFileName(exported: PersonalDataExport, format: ExportFileFormat): string {
  const who =
    exported.person.username
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || exported.person.id;
  return `vicino-dati-${who}-${exported.generatedAt.slice(0, 10)}.${format}`;
}

export const exportJson = (exported: PersonalDataExport): string => `${JSON.stringify(exported, null, 2)}\n`;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const plainDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const counted = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 6 });

/** A value as it is: text as text, anything else as its JSON. */
const plain = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A value in words: a formatted one as its column says, otherwise by what it is (a nested list one entry per line). */
function written(value: unknown, format?: ExportFormat, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (format === 'money' || (format === undefined && /Cents$/.test(key) && typeof value === 'number')) return typeof value === 'number' ? formatCents(value) : plain(value);
  if (format === 'yes-no' || typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (format === 'time' && typeof value === 'string') return romeDateTime(value);
  if (value instanceof Date) return romeDateTime(value.toISOString());
  if (format === 'day' && typeof value === 'string') {
    const day = plainDay.exec(value);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : romeDateTime(value).slice(0, 10);
  }
  if (format && typeof format === 'object') return typeof value === 'string' && Object.hasOwn(format, value) ? format[value]! : plain(value);
  if (typeof value === 'number') return counted.format(value);
  if (typeof value === 'string') return isoInstant.test(value) && !Number.isNaN(Date.parse(value)) ? romeDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((entry) => written(entry)).join('\n');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => (typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : written(v, undefined, k)))
      .join(' · ');
  }
  return plain(value);
}

const cellOf = (text: string): string => escapeHtml(text).replace(/\n/g, '<br>');

const style = `
  :root { color-scheme: light; --ink: #1f2a24; --muted: #5b665f; --line: #d9e0db; --accent: #1b6b4a; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; color: var(--accent); }
  h2 { font-size: 1.2rem; margin: 32px 0 4px; padding-top: 12px; border-top: 2px solid var(--line); }
  p { margin: 4px 0 12px; }
  .muted { color: var(--muted); }
  nav ul { columns: 2 220px; padding-left: 18px; }
  .table { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
  th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); overflow-wrap: break-word; }
  th { background: #f2f5f3; font-weight: 600; white-space: nowrap; }
  @media (max-width: 640px) {
    .table { border: 0; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    table, tbody, tr, td { display: block; width: 100%; }
    tr { border: 1px solid var(--line); border-radius: 6px; margin-bottom: 10px; padding: 4px 0; }
    td { display: grid; grid-template-columns: 9em 1fr; gap: 8px; border: 0; padding: 3px 10px; }
    td::before { content: attr(data-label); font-weight: 600; color: var(--muted); }
  }
  tr:last-child td { border-bottom: 0; }
  a { color: var(--accent); }
  @media print { main { max-width: none; padding: 0; } .table { overflow: visible; border: 0; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
`;

/**
 * The readable summary: who, when, what the file is, a table of contents, then each section with
 * its rows under the columns it names; the sections with no record are named together at the end.
 */
export function exportHtml(exported: PersonalDataExport, sections: readonly Pick<PersonalExportSection, 'key' | 'columns'>[]): string {
  const columnsOf = new Map(sections.map((section) => [section.key, section.columns]));
  const filled = Object.entries(exported.sections).filter(([, section]) => section.rows.length > 0);
  const empty = Object.values(exported.sections).filter((section) => section.rows.length === 0);
  const { person } = exported;
  const parts: string[] = [];
  parts.push(
    `<header><h1>I tuoi dati su Vicino</h1>`,
    `<p><strong>${escapeHtml(person.name)}</strong> (${escapeHtml(person.username)}, ${escapeHtml(roleLabels[person.role])}) · generato il ${escapeHtml(romeDateTime(exported.generatedAt))}</p>`,
    `<p class="muted">Questo riepilogo mostra tutto ciò che Vicino conserva su di te (GDPR, art. 15). Il file JSON scaricabile dalla stessa pagina contiene gli stessi dati in forma completa, da portare a un altro servizio (art. 20). Per correggere un dato, cambialo dal tuo profilo o scrivici dalla pagina dei contatti.</p></header>`,
  );
  parts.push(
    `<nav aria-label="Sezioni"><h2>Sezioni</h2><ul>${filled.map(([key, section]) => `<li><a href="#${escapeHtml(key)}">${escapeHtml(section.title)}</a> (${section.rows.length})</li>`).join('')}</ul></nav>`,
  );
  for (const [key, section] of filled) {
    const columns = columnsOf.get(key) ?? Object.keys(section.rows[0]!).map((field) => [field, field] as const);
    parts.push(
      `<section aria-labelledby="${escapeHtml(key)}"><h2 id="${escapeHtml(key)}">${escapeHtml(section.title)}</h2><p class="muted">${escapeHtml(section.about)}</p>`,
      `<div class="table" tabindex="0" role="region" aria-label="${escapeHtml(section.title)}"><table><thead><tr>${columns.map(([, label]) => `<th scope="col">${escapeHtml(label)}</th>`).join('')}</tr></thead><tbody>`,
      ...section.rows.map(
        (row) => `<tr>${columns.map(([field, label, format]) => `<td data-label="${escapeHtml(label)}">${cellOf(written(row[field], format, field))}</td>`).join('')}</tr>`,
      ),
      `</tbody></table></div></section>`,
    );
  }
  if (empty.length)
    parts.push(`<section><h2>Nessun dato</h2><p>Vicino non conserva nulla su di te in: ${empty.map((section) => escapeHtml(section.title)).join(', ')}.</p></section>`);
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>I tuoi dati su Vicino · ${escapeHtml(person.username)}</title><style>${style}</style></head>
<body><main>${parts.join('\n')}</main></body></html>
`;
}
