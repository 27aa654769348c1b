import type { Pool } from '../../platform/db/pool.js';
import type { Role } from '../../platform/domain/context.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import type { ModuleCatalog, PersonalExportSection } from '../../platform/module.js';
import { userStreamId } from '../users/user.js';
import { erasureStreamId } from './erasure.js';
import { consentsStreamId } from './consent.js';

/*
 * A person's export (GDPR art. 15, access, and art. 20, portability; issue [21]): everything Vicino
 * holds about them, from every module's sections (their `personalExport`: one query of their read
 * models each) read in one snapshot of the database, and their own streams of the log in words.
 * The JSON file keeps every field; the readable summary (export-documents.ts) the columns each
 * section names.
 */

/** One kind of record as exported: what it is and its rows. */
export interface ExportedSection {
  title: string;
  about: string;
  rows: Record<string, unknown>[];
}

export interface PersonalDataExport {
  about: string;
  generatedAt: string;
  person: { id: string; username: string; name: string; role: Role };
  /** By section's key, in the modules' order; the account's history last. */
  sections: Record<string, ExportedSection>;
}

/** The section the log gives: the person's own streams (their account, their consents, their erasure), event by event, in words. */
export const accountHistorySection = {
  key: 'accountHistory',
  title: 'Cronologia dell’account',
  about:
    'Ogni fatto del tuo account come lo registra Vicino: la registrazione, i cambi di profilo e di password, i consensi dati e ritirati, le sospensioni, le esportazioni, la cancellazione.',
  columns: [
    ['at', 'Quando', 'time'],
    ['event', 'Cosa'],
    ['description', 'Dettaglio'],
  ],
} as const satisfies Omit<PersonalExportSection, 'tables' | 'sql'>;

/** The tables of the database that name a person and no section exports, and why. */
export const tablesNotExported: Readonly<Record<string, string>> = {
  es_events: 'the log: exported through the sections built from it, and the account’s own streams in words',
  es_streams: 'the log’s streams, each named by its record’s id',
  personal_data_keys: 'the keys that seal the person’s data in the log: secrets, never given out',
  push_outbox: 'the queue of the Web Push notices, each one exported among the notices',
  collaborator_notification_coverage: 'a copy of the collaborator’s profile, exported as the profile',
  collaborator_notification_requests: 'a copy of the collaboration requests, exported as the requests',
  collaborator_review_ratings: 'the ratings of published reviews, exported among the reviews received',
  assignment_review_ratings: 'the ratings of reviews, exported among the reviews written',
  complaint_files: 'the evidence files’ bodies, listed among the cases and downloaded from the case',
};

type Person = { id: string; username: string; name: string; role: Role };

/**
 * Everything Vicino holds about `person` at `now`. Every section reads the same snapshot (one
 * read-only transaction), so the file never holds half of a change.
 */
export async function personalDataExport(
  deps: { pool: Pool; store: EventStore },
  catalog: Pick<ModuleCatalog, 'personalExport' | 'eventName' | 'eventSummary'>,
  person: Person,
  now: Date,
): Promise<PersonalDataExport> {
  const sections: Record<string, ExportedSection> = {};
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const section of catalog.personalExport) {
      const { rows } = await client.query<Record<string, unknown>>({ text: section.sql, values: [person.id], name: `personal-export-${section.key}` });
      sections[section.key] = { title: section.title, about: section.about, rows };
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const streams = await deps.store.readStreams([{ streamId: userStreamId(person.id) }, { streamId: consentsStreamId(person.id) }, { streamId: erasureStreamId(person.id) }]);
  const events = streams.flat().sort((a, b) => a.metadata.at.localeCompare(b.metadata.at));
  sections[accountHistorySection.key] = {
    title: accountHistorySection.title,
    about: accountHistorySection.about,
    rows: events.map((event) => ({
      at: event.metadata.at,
      type: event.type,
      event: catalog.eventName(event.type),
      description: catalog.eventSummary(event.type, event.data),
      byYou: event.metadata.actorUserId === person.id,
    })),
  };
  return {
    about: 'Vicino: i dati personali di una persona (GDPR, artt. 15 e 20)',
    generatedAt: now.toISOString(),
    person: { id: person.id, username: person.username, name: person.name, role: person.role },
    sections,
  };
}
