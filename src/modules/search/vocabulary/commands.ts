import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { handleCommand } from '../../../platform/commands/handle-command.js';
import type { CommandContext } from '../../../platform/domain/context.js';
import type { EventStore, Position } from '../../../platform/eventstore/types.js';
import type { vocabularyEntryInput } from './contract.js';
import { vocabularyEntryDecider, vocabularyEntryStreamId, type BaseEntry, type VocabularyEntryCommand } from './vocabulary-entry.js';
import { baseEntries, baseFieldsOf } from './lookup.js';

type Fields = z.output<typeof vocabularyEntryInput>;

/** The built-in entry of this id, as the file writes it, or null for an admin's own. */
const baseOf = (id: string): BaseEntry | null => {
  const entry = baseEntries.get(id);
  return entry ? { key: entry.key, fields: baseFieldsOf(entry) } : null;
};

const run = async (store: EventStore, id: string, command: VocabularyEntryCommand, ctx: CommandContext): Promise<Position | null> =>
  (await handleCommand(store, vocabularyEntryStreamId(id), vocabularyEntryDecider, command, ctx)).position;

/** A new entry of the admins', under a new id. */
export async function addVocabularyEntry(store: EventStore, fields: Fields, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const id = randomUUID();
  return { id, position: await run(store, id, { type: 'AddVocabularyEntry', id, fields }, ctx) };
}

/** An entry as the admins now write it: theirs, or a built-in one (by its stable id). */
export const changeVocabularyEntry = (store: EventStore, id: string, fields: Fields, ctx: CommandContext) =>
  run(store, id, { type: 'ChangeVocabularyEntry', id, base: baseOf(id), fields }, ctx);

/** Takes an entry out of the search: an admin's is gone, a built-in one switched off. */
export const removeVocabularyEntry = (store: EventStore, id: string, ctx: CommandContext) => run(store, id, { type: 'RemoveVocabularyEntry', id, base: baseOf(id) }, ctx);

/** A built-in entry back as the file writes it. */
export const restoreVocabularyEntry = (store: EventStore, id: string, ctx: CommandContext) => run(store, id, { type: 'RestoreVocabularyEntry', id, base: baseOf(id) }, ctx);
