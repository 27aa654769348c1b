import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { features } from '../../features';
import { assembleAdmin } from '../assemble';
import type { AggregateType, References } from '../dataProvider';
import { i18nProviderOf } from '../i18n/i18nProvider';
import { italianMessages } from '../i18n/it';
import { loadAdminParts } from '../parts';
import { fieldLabelOf, linesOf, ownIdOf, type Line } from './values';

/*
 * Every event of every module reads in words in the admin's «Cronologia» (issue [19]): one event of
 * each type the modules' manifests declare, decided by the modules' own deciders from their
 * accepted-events scenarios and sent as the history sends it (tests/support/history-samples.ts), is
 * written as the tab writes it (values.ts: linesOf, with the field names of its feature's admin
 * messages), and no line may show a raw key, an English enum value, a bare id, an amount without
 * its euro sign, an ISO time or a one-time code. A new event type is walked with nothing to add here.
 */

/** As tests/support/history-samples.ts gives them (a server file: read at run time, not type-checked with the web). */
interface HistorySample {
  module: string;
  type: string;
  italianName: string;
  aggregate: string | null;
  aggregateId: string;
  changes: unknown;
  references: Record<string, References[string]['type']>;
  amounts: string[];
  codes: string[];
  state: { value: unknown; amounts: string[]; references: Record<string, References[string]['type']>; codes: string[] };
}
// The back office's screens come with its messages; the map (Leaflet) needs a browser window.
vi.mock('../../components/MapPicker', () => ({ MapPicker: () => null }));

const samplesFile = path.resolve(import.meta.dirname, '../../../../tests/support/history-samples.ts');
const { historySamples } = (await import(/* @vite-ignore */ samplesFile)) as { historySamples: () => Promise<{ samples: HistorySample[]; unreached: string[] }> };
const { samples, unreached } = await historySamples();

const admin = assembleAdmin(features, await loadAdminParts(features), italianMessages);
const translate = i18nProviderOf(admin.messages).translate as (key: string, options?: { _: string }) => string;

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const identifier = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$|^[a-z0-9]+(_[a-z0-9]+)+$/;
const englishWord = /^[a-z]+(_[a-z]+)*$/;
/** Lower-case words an Italian line may be: yes, no. */
const italianWords = new Set(['sì', 'no']);
const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields shown as written, whatever they look like: the words of the search's vocabulary, a provider's own ids. */
const verbatim = new Set(['term', 'baseKey', 'synonyms', 'narrower', 'providerEventId', 'providerTransactionId']);
/** Names of amounts held in euros, whatever the event calls them. */
const moneyName = /(amount|price|cost|total|budget|fee|compensation|commission|earnings|payout|threshold|balance)$/i;

/** What is wrong with one line of an event's history, if anything. */
function faults(line: Line, sample: Pick<HistorySample, 'amounts' | 'codes'>, key: string, numeric: boolean, rawKeys: Set<string>): string[] {
  const found: string[] = [];
  // Every name on the way: a field's own and those of the fields it sits in.
  for (const label of line.label.split(' › ')) if (rawKeys.has(label) || identifier.test(label)) found.push(`raw key «${label}»`);
  if (englishWord.test(line.text) && !italianWords.has(line.text) && !verbatim.has(key)) found.push(`raw value «${line.text}» of ${key}`);
  if (uuid.test(line.text)) found.push(`bare id in ${key}: «${line.text}»`);
  if (isoTime.test(line.text)) found.push(`ISO time in ${key}: «${line.text}»`);
  if (numeric && (sample.amounts.includes(key) || moneyName.test(key)) && !line.text.startsWith('€')) found.push(`money without € in ${key}: «${line.text}»`);
  for (const code of sample.codes) if (new RegExp(`(^|[^0-9A-Za-z])${code}($|[^0-9A-Za-z])`).test(line.text)) found.push(`one-time code shown in ${key}`);
  return found;
}

/** The keys and values of `value`'s leaves, in the order linesOf writes them (to say which field a line is). */
function leaves(value: unknown, key = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.some((v) => v !== null && typeof v === 'object') ? value.flatMap((v) => leaves(v, key)) : [[key, value]];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, k));
  return [[key, value]];
}

/** Every key of `value`, at any depth (a field holding an object is named too). */
function allKeys(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) allKeys(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      allKeys(v, into);
    }
  return into;
}

describe('every event of every module, in the admin’s Cronologia', () => {
  // Rome's clock on any machine.
  beforeAll(() => vi.stubEnv('TZ', 'UTC'));
  afterAll(() => vi.unstubAllEnvs());

  it('has an event of each type to read, decided from the modules’ scenarios', () => {
    expect(samples.length).toBeGreaterThan(150);
    expect(unreached, 'event types no accepted-events scenario decides: add the command that gives one').toEqual([]);
  });

  it('names each event in Italian', () => {
    expect(samples.filter((s) => s.italianName === s.type || identifier.test(s.italianName)).map((s) => s.type)).toEqual([]);
  });

  const shown = samples.filter((s) => s.aggregate !== null && s.aggregate in admin.history);
  it('walks the events of every aggregate the back office shows a history of', () => {
    expect(new Set(shown.map((s) => s.aggregate))).toEqual(new Set(Object.keys(admin.history)));
  });

  /** What is wrong in the lines of `value` (an event's data or a state) in the history of `sample`'s aggregate. */
  function wrongLines(sample: HistorySample, shownValue: Pick<HistorySample, 'amounts' | 'codes' | 'references'> & { value: unknown }): { lines: Line[]; wrong: string[] } {
    const type = sample.aggregate as AggregateType;
    const label = fieldLabelOf(translate, admin.history[type]);
    const references: References = Object.fromEntries(Object.entries(shownValue.references).map(([id, kind], i) => [id, { type: kind, name: `Nome ${i + 1}` }]));
    // The aggregate's own id says nothing (the scenarios' streams may have ids of their own besides the record's `id`).
    const own = ownIdOf(sample.aggregateId);
    const hide = (key: string, value: unknown) => own(key, value) || key === 'id';
    const lines = linesOf(shownValue.value, { type, label, references, amounts: shownValue.amounts, hide });
    const keys = new Map(leaves(shownValue.value));
    const wrong = lines.flatMap((line) => {
      const named = line.label.split(' › ').at(-1) ?? '';
      // The field this line writes: the one whose Italian name it carries (a key shown as itself is its own name).
      const key = [...keys.keys()].find((k) => label(k) === named) ?? named;
      return faults(line, shownValue, key, typeof keys.get(key) === 'number', allKeys(shownValue.value, new Set()));
    });
    return { lines, wrong };
  }

  it.each(shown.map((s) => [`${s.module}: ${s.type}`, s] as const))('writes %s in words', (_name, sample) => {
    const { lines, wrong } = wrongLines(sample, { value: sample.changes, amounts: sample.amounts, codes: sample.codes, references: sample.references });
    expect(wrong, JSON.stringify(lines, null, 1)).toEqual([]);
  });

  it.each(shown.map((s) => [`${s.module}: ${s.type}`, s] as const))('writes the state after %s in words', (_name, sample) => {
    const { lines, wrong } = wrongLines(sample, { ...sample.state, codes: [...sample.codes, ...sample.state.codes] });
    expect(wrong, JSON.stringify(lines, null, 1)).toEqual([]);
  });
});
