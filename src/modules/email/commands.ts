import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique } from '../../platform/commands/uniqueness.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { typedSecret } from '../../platform/domain/secrets.js';
import { inTransaction, type Pool } from '../../platform/db/pool.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { EmailStatus, emailSettingsInput, emailTemplateChanges, newEmailTemplate } from './contract.js';
import { changeQueuedEmail, lockQueuedEmail, wakeSenders } from './queue.js';
import { queuedEmailDecider, queuedEmailStreamId, type QueuedEmailCommand } from './queued-email.js';
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

/** Why a mail in this state cannot be sent again (409). */
const retryRefused: Partial<Record<EmailStatus, string>> = {
  pending: 'L’e-mail è già in coda: partirà al suo turno.',
  sending: 'L’e-mail è in invio proprio ora: non si può rimettere in coda.',
  sent: 'L’e-mail è già stata inviata: rimetterla in coda la manderebbe due volte.',
};
/** Why a mail in this state cannot be cancelled (409). */
const cancelRefused: Partial<Record<EmailStatus, string>> = {
  sending: 'L’e-mail è in invio proprio ora: non si può più annullare.',
  sent: 'L’e-mail è già stata inviata: non si può annullare.',
  failed: 'L’e-mail non è in coda (invio non riuscito): non c’è niente da annullare.',
  cancelled: 'L’e-mail è già annullata.',
};

/**
 * One admin action on a queued mail: its row is locked, so the sender cannot claim it meanwhile
 * (it skips locked rows) and a mail being sent (claimed) or sent is never touched. The change and
 * the log's line with the admin commit together; the event is appended before that commit, so an
 * append that fails leaves the mail as it was (only a commit failing after the append would leave
 * an event without its change, which the log's line then lacks).
 */
async function actOnQueuedEmail(
  { store, pool }: Deps & { pool: Pool },
  id: string,
  ctx: CommandContext,
  action: {
    refused: Partial<Record<EmailStatus, string>>;
    change: { set: string; params: unknown[] };
    log: string;
    details: string;
    event: (mail: { to_email: string; subject: string; status: EmailStatus }) => QueuedEmailCommand;
  },
): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const mail = await lockQueuedEmail(tx, id);
    if (!mail) throw new DomainError('E-mail non trovata nella coda.', 'not-found');
    const refusal = action.refused[mail.status];
    if (refusal) throw new DomainError(refusal, 'conflict');
    await changeQueuedEmail(tx, id, action.change, { status: action.log, details: action.details, actorUserId: ctx.actor?.userId ?? null, at: ctx.now });
    await handleCommand(store, queuedEmailStreamId(id), queuedEmailDecider, action.event(mail), ctx);
    await wakeSenders(tx);
  });
}

/**
 * Sends a failed or cancelled mail again: pending, due now, its retries counted afresh. A mail
 * the sender was interrupted on (the server may have it) goes again only this way, by the admin.
 */
export function retryEmail(deps: Deps & { pool: Pool }, id: string, ctx: CommandContext): Promise<void> {
  return actOnQueuedEmail(deps, id, ctx, {
    refused: retryRefused,
    change: { set: "status = 'pending', next_attempt_at = $2, retry_count = 0, failure_reason = NULL", params: [ctx.now] },
    log: 'retried',
    details: 'Rimessa in coda dall’amministratore.',
    event: (mail) => ({ type: 'RetryEmail', emailId: id, toEmail: mail.to_email, subject: mail.subject, previousStatus: mail.status as 'failed' | 'cancelled' }),
  });
}

/** Stops a pending mail from going: cancelled, until the admin sends it again. */
export function cancelEmail(deps: Deps & { pool: Pool }, id: string, ctx: CommandContext): Promise<void> {
  return actOnQueuedEmail(deps, id, ctx, {
    refused: cancelRefused,
    change: { set: "status = 'cancelled'", params: [] },
    log: 'cancelled',
    details: 'Annullata dall’amministratore.',
    event: (mail) => ({ type: 'CancelEmail', emailId: id, toEmail: mail.to_email, subject: mail.subject }),
  });
}
