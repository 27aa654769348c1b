import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { handleCommand } from '../../platform/commands/handle-command.js';
import type { Pool } from '../../platform/db/pool.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { contactForm } from './contract.js';
import { contactDecider, contactStreamId, type ContactCommand } from './contact.js';
import { countContactSend } from './throttle.js';

interface Deps {
  store: EventStore;
  pool: Pool;
}

/** A visitor's message from `ip`, counted by the spam throttle before it is kept (429 past it). */
export async function submitContact({ store, pool }: Deps, form: z.output<typeof contactForm>, ip: string, ctx: CommandContext): Promise<Position | null> {
  await countContactSend(pool, { email: form.email, ip }, ctx.now);
  const id = randomUUID();
  const fields = { name: form.name, email: form.email, subject: form.subject, message: form.message, phone: form.phone || null, company: form.company || null };
  return (await handleCommand(store, contactStreamId(id), contactDecider, { type: 'SubmitContact', id, fields }, ctx)).position;
}

/** The admin's work on a message: read, notes, reply, close. */
export async function actOnContact(
  { store }: Pick<Deps, 'store'>,
  id: string,
  command: Exclude<ContactCommand, { type: 'SubmitContact' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, contactStreamId(id), contactDecider, command, ctx)).position;
}
