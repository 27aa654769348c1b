import type { Logger } from 'pino';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext, type CommandContext, type Role } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { personalKeysOf } from '../../platform/eventstore/personal-data.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandDeps, ProcessDeps } from '../../platform/module.js';
import { eventTypesOf, type Projection } from '../../platform/projections/projection.js';
import { requestRebuild } from '../../platform/projections/shadow-rebuild.js';
import { START } from '../../platform/eventstore/position.js';
import { changeCollaborator } from '../collaborators/commands.js';
import { changeStore } from '../stores/commands.js';
import { changeUser } from '../users/commands.js';
import { erasureDecider, erasureStreamId, type ErasureCommand, type ErasureRequestedBy } from './erasure.js';
import { erasePersonalRows } from './personal-rows.js';
import { consentDecider, consentsStreamId, type ConsentCommand } from './consent.js';
import { legalDecider, legalKinds, legalStreamId, type LegalKind } from './legal.js';
import { firstLegalTexts } from './legal-texts.js';
import { isWorkingCollaborator, openOrdersOfOwner, openStoresOf, personOf, rebuildsDone, subjectsOf, wordsNaming } from './queries.js';

/** How long another process may still read an erased person's key from its memory (personal-data.ts). */
const keysForgottenAfterMs = 60_000;

const decide = (deps: Pick<CommandDeps, 'store'>, userId: string, command: ErasureCommand, ctx: CommandContext) =>
  handleCommand(deps.store, erasureStreamId(userId), erasureDecider, command, ctx);

/**
 * A person asks for their data to be erased (or an admin does, on their request): the request is
 * noted with its deadline and they are logged out everywhere; the upkeep carries it out.
 */
export async function requestErasure(deps: CommandDeps, person: { userId: string; role: Role }, by: ErasureRequestedBy, ctx: CommandContext): Promise<Position | null> {
  const { position } = await decide(deps, person.userId, { type: 'RequestErasure', userId: person.userId, role: person.role, by, now: ctx.now }, ctx);
  const revoked = await changeUser(deps, person.userId, { type: 'RevokeUserSessions' }, ctx);
  return revoked ?? position;
}

/** The read models that may hold personal data: those reading an event type that holds some. */
export function readersOfPersonalData(deps: Pick<ProcessDeps, 'readModels' | 'personalEventTypes'>): readonly Projection[] {
  const personal = new Set(deps.personalEventTypes ?? []);
  return (deps.readModels ?? []).filter((projection) => {
    const types = eventTypesOf(projection);
    return types === null || [...types].some((type) => personal.has(type));
  });
}

/**
 * Carries out one person's erasure, or moves it on: a shop's owner has their shop closed and waits
 * while it has open orders; then their account ends (UserErased), every key holding their data is
 * deleted (theirs, and their records': reviews, orders' addresses, messages, mails, reports,
 * sessions), their rows outside the log are erased, and the read models that may hold their data
 * are rebuilt from the log, which now reads «Utente cancellato». Complete once those rebuilds
 * took their place and no process can still hold a key in memory. Each step changes nothing when
 * done already, so a run cut short is carried on by the next.
 */
export async function moveErasureOn(
  deps: ProcessDeps,
  userId: string,
  status: string,
  carried: { readModels: string[]; at: Date | null },
  ctx: CommandContext,
  logger?: Logger,
): Promise<void> {
  if (status === 'carried_out') {
    if (carried.at && ctx.now.getTime() - carried.at.getTime() >= keysForgottenAfterMs && (await rebuildsDone(deps.pool, carried.readModels))) {
      await decide(deps, userId, { type: 'CompleteErasure', now: ctx.now }, ctx);
      logger?.info({ userId }, 'privacy: erasure complete');
    }
    return;
  }
  const person = await personOf(deps.pool, userId);
  if (person && person.role === 'shopkeeper') {
    for (const storeId of await openStoresOf(deps.pool, userId)) {
      await changeStore(deps.store, storeId, { type: 'SuspendStore', reason: 'Chiuso: il titolare ha chiesto la cancellazione dei suoi dati.' }, ctx);
    }
    const open = await openOrdersOfOwner(deps.pool, userId);
    if (open > 0) {
      await decide(deps, userId, { type: 'WaitForOpenOrders', openOrders: open, now: ctx.now }, ctx);
      return;
    }
  }
  if (person && (await isWorkingCollaborator(deps.pool, userId))) {
    await changeCollaborator(deps, userId, { type: 'Suspend', reason: 'Ha chiesto la cancellazione dei suoi dati.' }, ctx).catch((error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
    });
  }
  const subjects = person ? await subjectsOf(deps.pool, person) : [userId];
  const words = person ? await wordsNaming(deps.pool, person) : [];
  if (person && person.status !== 'erased') await changeUser(deps, userId, { type: 'EraseUser' }, ctx);
  await personalKeysOf(deps.pool).erase(...subjects);
  const rows = person ? await erasePersonalRows(deps.pool, person, words) : 0;
  const rebuilt = readersOfPersonalData(deps);
  const until = await deps.store.headPosition();
  const total = await deps.store.countAfter(START, 1_000_000_000);
  for (const projection of rebuilt) await requestRebuild(deps.pool, projection, { until, total });
  const readModels = rebuilt.map((projection) => projection.name);
  await decide(deps, userId, { type: 'CarryOutErasure', keys: subjects.length, readModels, now: ctx.now }, ctx);
  logger?.info({ userId, keys: subjects.length, rows, readModels: readModels.length }, 'privacy: erasure carried out');
}

/** A person answers a consent (given or withdrawn), noted with its text and time. */
export async function answerConsent(
  deps: Pick<CommandDeps, 'store'>,
  userId: string,
  answer: Omit<Extract<ConsentCommand, { type: 'AnswerConsent' }>, 'type' | 'now'>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(deps.store, consentsStreamId(userId), consentDecider, { type: 'AnswerConsent', ...answer, now: ctx.now }, ctx)).position;
}

/** The admin publishes a new version of the privacy policy or the terms. */
export async function publishLegalVersion(
  deps: Pick<CommandDeps, 'store'>,
  kind: LegalKind,
  input: { body: string; note: string },
  ctx: CommandContext,
): Promise<{ position: Position | null }> {
  const { position } = await handleCommand(deps.store, legalStreamId(kind), legalDecider, { type: 'PublishLegalVersion', kind, ...input, now: ctx.now }, ctx);
  return { position };
}

/** At a new Vicino's first start: the first version of each document, unless it has one. */
export async function ensureLegalDocuments(store: EventStore): Promise<Position | null> {
  let last: Position | null = null;
  for (const kind of legalKinds) {
    if ((await store.readStream(legalStreamId(kind), { maxCount: 1 })).length > 0) continue;
    last = (await publishLegalVersion({ store }, kind, { body: firstLegalTexts[kind], note: 'Prima versione.' }, systemContext())).position ?? last;
  }
  return last;
}

/** A person accepts, at registration, the versions of the terms and the privacy policy in force. */
export async function acceptLegalVersions(
  deps: Pick<CommandDeps, 'store'>,
  userId: string,
  versions: { terms: number; privacy: number },
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(deps.store, consentsStreamId(userId), consentDecider, { type: 'AcceptLegalVersions', ...versions, now: ctx.now }, ctx)).position;
}
