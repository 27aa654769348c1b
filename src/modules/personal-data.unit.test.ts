import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventFields } from '../../tests/support/event-fields.js';
import { hangAfter } from '../../tests/support/time-limits.js';
import { PersonalData, type NotPersonal, type PersonalDataDeclaration, type PersonalFields } from '../platform/eventstore/personal-data.js';
import { catalog } from './index.js';

/*
 * Issue [21]: personal data in the log is sealed by its person's key (crypto-shredding). Every
 * event type of the code is read from its TypeScript type (not from samples: an event no test
 * produces is read too), and every field whose name says it may hold a person's data — a name, an
 * e-mail, a phone, an address or a position, a text someone wrote, an IP address, a device — must be
 * declared by its module (`personalData` in its manifest): sealed with whose key, or not personal
 * and why. A module added later is read the same way: its fields fail here, by event and field,
 * until declared.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The last word of a field's path that says it may hold personal data. */
const looksPersonal =
  /(^|[a-z])(Name|name|Email|email|Phone|phone|Address|address|Latitude|latitude|Longitude|longitude|Note|Notes|notes?|Comment|comment|Message|message|text|Text|Description|description|bio|Reply|reply|Answer|answer|Question|question|Reason|reason|Contact|Contacts|contact|userAgent|UserAgent|username|Username|title|Title|subject|Subject|prompt|Prompt|Response|response)$/;

/** Field names that never name a person's data, wherever they appear. */
const neverPersonal = new Set([
  // The shop's, a product's or a plan's public names.
  'storeName',
  'productName',
  'packageName',
  'functionName',
  'reportTitle',
]);

const declared = catalog.personalData;
const personal = new PersonalData(declared);

const notPersonalFields = (type: string): { all: boolean; fields: Set<string> } => {
  const entry = declared[type];
  const list = (entry === undefined ? [] : Array.isArray(entry) ? entry : [entry]) as readonly (PersonalFields | NotPersonal)[];
  const fields = new Set<string>();
  let all = false;
  for (const item of list) {
    if (!('notPersonal' in item)) continue;
    if (item.fields) for (const f of item.fields) fields.add(f);
    else all = true;
  }
  return { all, fields };
};

describe('personal data in the events (issue [21])', () => {
  const fields = eventFields(root);

  it(
    'every event field whose name looks personal is declared by its module: sealed with whose key, or not personal and why',
    () => {
      expect(fields.size).toBeGreaterThan(150);
      const undeclared: string[] = [];
      for (const [type, paths] of fields) {
        const { all, fields: exempt } = notPersonalFields(type);
        if (all) continue;
        for (const [field, holds] of paths) {
          if (holds === 'closed') continue;
          const last = field
            .split(/[.[\]]+/)
            .filter(Boolean)
            .pop()!;
          if (!looksPersonal.test(last) || neverPersonal.has(last)) continue;
          // A field under one declared whole (`witnessContacts` covers `witnessContacts[].name`).
          const covered = [...field.matchAll(/[.[]/g)]
            .map((m) => field.slice(0, m.index))
            .concat(field)
            .some((p) => personal.declares(type, p) || exempt.has(p));
          if (!covered) undeclared.push(`${type}: ${field}`);
        }
      }
      expect(undeclared).toEqual([]);
    },
    hangAfter(30_000),
  );

  it('every declaration names an event type the code writes and fields it has', () => {
    const wrong: string[] = [];
    for (const [type, entry] of Object.entries(declared)) {
      const paths = fields.get(type);
      if (!paths) {
        wrong.push(`${type}: no such event type`);
        continue;
      }
      const list = (Array.isArray(entry) ? entry : [entry]) as readonly (PersonalFields | NotPersonal)[];
      for (const item of list) {
        const named = 'notPersonal' in item ? (item.fields ?? []) : item.fields.map((f) => (item.within ? `${item.within}.` : '') + (typeof f === 'string' ? f : f.path));
        for (const field of named) if (!paths.has(field)) wrong.push(`${type}: no field ${field}`);
        if (!('notPersonal' in item) && typeof item.subject === 'string' && !paths.has(item.within ? `${item.within}.${item.subject}` : item.subject))
          wrong.push(`${type}: no subject field ${item.subject}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every module whose events hold personal data says what of it a person’s export reads (GDPR artt. 15 and 20)', () => {
    const sealing = (entry: PersonalDataDeclaration[string]) => (Array.isArray(entry) ? entry : [entry]).some((item) => !('notPersonal' in item));
    const silent = catalog.modules
      .filter((module) => Object.values(module.personalData ?? {}).some(sealing))
      .filter((module) => !module.personalExport?.length)
      .map((module) => module.name);
    expect(silent).toEqual([]);
    for (const section of catalog.personalExport) {
      expect(section.tables.length, section.key).toBeGreaterThan(0);
      expect(section.sql, section.key).toMatch(/\$1::uuid/);
      expect(section.columns.length, section.key).toBeGreaterThan(0);
    }
  });
});
