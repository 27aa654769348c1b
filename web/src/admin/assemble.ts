import type { ReactElement } from 'react';
import type { TranslationMessages } from 'ra-core';
import type { AdminPage, AdminResource, Feature, FeatureAdmin, Messages } from '../app/feature';

/** An entry of the admin's own menu, after its resources: a feature's screen at /admin/<path>. */
export interface AdminMenuEntry {
  to: `/admin/${string}`;
  label: string;
  icon: ReactElement;
}

/** The back office as the features make it: AdminApp routes, lists and translates what this holds. */
export interface AssembledAdmin {
  /** Every resource, in the admin's menu order. */
  resources: AdminResource[];
  pages: AdminPage[];
  menu: AdminMenuEntry[];
  messages: TranslationMessages;
  /** Each aggregate type's admin resource, whose field names name the fields of its history (history/HistoryTab.tsx). */
  history: Record<string, string>;
}

/** Each of `values` under its key, refusing a key two features give (one would hide the other). */
function once<T>(values: T[], keyOf: (value: T) => string, what: string): T[] {
  const seen = new Set<string>();
  for (const value of values) {
    const key = keyOf(value);
    if (seen.has(key)) throw new Error(`${what} ${key} declared by two features`);
    seen.add(key);
  }
  return values;
}

/** `extra` merged into `into` key by key; a text given twice is refused, as a resource named twice is. */
function mergeMessages(into: Messages, extra: Messages, path = ''): Messages {
  const merged: Messages = { ...into };
  for (const [key, value] of Object.entries(extra)) {
    const there = merged[key];
    if (there === undefined) merged[key] = value;
    else if (typeof there === 'object' && typeof value === 'object') merged[key] = mergeMessages(there, value, `${path}${key}.`);
    else throw new Error(`Admin message ${path}${key} declared twice`);
  }
  return merged;
}

/**
 * The back office of the features of `list` and of their loaded `parts` (parts.ts: each one's
 * features/<name>/admin, in the list's order), over the messages no feature owns.
 */
export function assembleAdmin(list: readonly Feature<string>[], parts: readonly (FeatureAdmin | undefined)[], base: TranslationMessages | Messages): AssembledAdmin {
  const present = parts.filter((part): part is FeatureAdmin => part !== undefined);
  const resources = once(
    present.flatMap((part) => part.resources ?? []),
    (r) => r.name,
    'Admin resource',
  ).sort((a, b) => a.place - b.place);
  const pages = once(
    present.flatMap((part) => part.pages ?? []),
    (p) => p.path,
    'Admin page',
  );
  const menu = pages
    .flatMap(({ path, menu }) => (menu ? [{ ...menu, to: `/admin${path}` as const }] : []))
    .sort((a, b) => a.place - b.place)
    .map(({ to, label, icon }) => ({ to, label, icon }));
  const messages = present.reduce((all, part) => (part.messages ? mergeMessages(all, part.messages) : all), base as Messages);
  return { resources, pages, menu, messages: messages as TranslationMessages, history: historyResourcesOf(list) };
}

/** Each aggregate type's admin resource, as the features declare it (Feature.history). */
function historyResourcesOf(list: readonly Feature<string>[]): Record<string, string> {
  const entries = list.flatMap((feature) => Object.entries<string>(feature.history ?? {}));
  return Object.fromEntries(once(entries, ([type]) => type, 'History of aggregate'));
}
