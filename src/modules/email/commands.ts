import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique } from '../../platform/commands/uniqueness.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { typedSecret } from '../../platform/domain/secrets.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { emailSettingsInput, emailTemplateChanges, newEmailTemplate } from './contract.js';
import { seededTemplates } from './seed-templates.js';
import { emailSettingsDecider, emailSettingsStreamId, type EmailSettings } from './settings.js';
import { emailTemplateDecider, emailTemplateStreamId, type EmailTemplateFields, type EmailTemplateState } from './templates.js';

interface Deps {
  store: EventStore;
}

/** Changes the e-mail settings; each secret as the form gave it (kept when left empty or masked). */
export async function updateEmailSettings({ store }: Deps, form: z.output<typeof emailSettingsInput>, ctx: CommandContext): Promise<Position | null> {
  const { password, clearPassword, apiKey, clearApiKey, ...fields } = form;
  const changes: Partial<EmailSettings> = { ...fields };
  const typedPassword = typedSecret(password, clearPassword);
  if (typedPassword !== undefined) changes.password = typedPassword;
  const typedKey = typedSecret(apiKey, clearApiKey);
  if (typedKey !== undefined) changes.apiKey = typedKey;
  return (await handleCommand(store, emailSettingsStreamId, emailSettingsDecider, { type: 'UpdateEmailSettings', changes }, ctx)).position;
}

const nameTaken = (name: string) => {
  const message = `Esiste già un modello di e-mail chiamato «${name}».`;
  return new DomainError(message, 'conflict', { name: message });
};

async function templateState(store: EventStore, id: string): Promise<EmailTemplateState> {
  const events = await store.readStream(emailTemplateStreamId(id));
  return events.reduce((state, event) => emailTemplateDecider.evolve(state, event as never), emailTemplateDecider.initialState);
}

const templateExists = (store: EventStore) => async (id: string) => {
  const state = await templateState(store, id);
  return state.exists && !state.deleted;
};

/** A new template; its name is unique (claimed in its own stream, as usernames are). */
export async function createEmailTemplate({ store }: Deps, fields: z.output<typeof newEmailTemplate>, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const id = randomUUID();
  if (!(await claimUnique(store, 'email-template', fields.name, id, ctx, templateExists(store)))) throw nameTaken(fields.name);
  const { position } = await handleCommand(store, emailTemplateStreamId(id), emailTemplateDecider, { type: 'CreateEmailTemplate', id, fields }, ctx);
  return { id, position };
}

/** Changes a template; a new name is claimed first and the old one given back. */
export async function changeEmailTemplate({ store }: Deps, id: string, changes: z.output<typeof emailTemplateChanges>, ctx: CommandContext): Promise<Position | null> {
  const state = await templateState(store, id);
  if (!state.exists || state.deleted) throw new DomainError('Modello di e-mail non trovato.', 'not-found');
  const renamed = changes.name !== undefined && changes.name.toLowerCase() !== state.name.toLowerCase();
  if (renamed && !(await claimUnique(store, 'email-template', changes.name!, id, ctx, templateExists(store)))) throw nameTaken(changes.name!);
  const { position } = await handleCommand(store, emailTemplateStreamId(id), emailTemplateDecider, { type: 'ChangeEmailTemplate', changes }, ctx);
  if (renamed) await releaseUnique(store, 'email-template', state.name, id, ctx);
  return position;
}

export async function deleteEmailTemplate({ store }: Deps, id: string, ctx: CommandContext): Promise<Position | null> {
  const state = await templateState(store, id);
  const { position } = await handleCommand(store, emailTemplateStreamId(id), emailTemplateDecider, { type: 'DeleteEmailTemplate' }, ctx);
  if (state.exists) await releaseUnique(store, 'email-template', state.name, id, ctx);
  return position;
}

/**
 * Creates the seeded templates whose name is free; run at every start, so a template added to
 * the list reaches existing databases, and one the admin changed stays as changed.
 */
export async function ensureEmailTemplates(store: EventStore, templates: EmailTemplateFields[] = seededTemplates): Promise<Position | null> {
  const ctx = systemContext();
  let last: Position | null = null;
  for (const fields of templates) {
    const id = randomUUID();
    if (!(await claimUnique(store, 'email-template', fields.name, id, ctx, templateExists(store)))) continue;
    last = (await handleCommand(store, emailTemplateStreamId(id), emailTemplateDecider, { type: 'CreateEmailTemplate', id, fields }, ctx)).position ?? last;
  }
  return last;
}
