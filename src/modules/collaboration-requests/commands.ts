import { randomUUID } from 'node:crypto';
import { handleCommand, handleTogether, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Cents } from '../../platform/domain/money.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandDeps } from '../../platform/module.js';
import type { CollaboratorService } from '../collaborators/collaborator.js';
import { collaboratorState, offeredToShops } from '../collaborators/commands.js';
import { collaboratorsCovering } from '../collaborators/queries.js';
import { activeStoreOfOwner, findStore } from '../stores/queries.js';
import { collaborationPackageOnSale } from '../packages/queries.js';
import { nameOf } from '../users/queries.js';
import { unlockDecider, unlockStreamId, type UnlockCommand, type UnlockState } from '../package-unlocks/unlock.js';
import {
  DEFAULT_RESPONSE_MS,
  offerEnds,
  PURCHASE_WINDOW_MS,
  requestDecider,
  requestNotFound,
  requestStreamId,
  type NextOffer,
  type RequestCommand,
  type RequestState,
  type RequestType,
  type UrgencyLevel,
} from './request.js';

export const noMatch = 'Nessun collaboratore disponibile copre il tuo negozio con i servizi richiesti.';
export const notOfferedToShop = 'Questo collaboratore non è disponibile per il tuo negozio.';
export const noPackage = 'Nessun pacchetto collaboratore disponibile: riprova più tardi.';
export const noShop = 'Non hai ancora un negozio: aprilo per chiedere l’aiuto di un collaboratore.';
export const notOffered = 'Il tuo profilo da collaboratore non è approvato, attivo e disponibile: non puoi accettare richieste.';

/** Great-circle distance as the database's distance_km() (migration 014) measures it. */
export function kmBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether `collaboratorId` may be offered this request now: approved, active and available as
 * their own stream tells, their circle holding the shop, offering every required service.
 */
export async function mayTake(store: EventStore, collaboratorId: string, point: { latitude: number; longitude: number }, services: readonly string[]): Promise<boolean> {
  const state = await collaboratorState(store, collaboratorId);
  if (!offeredToShops(state) || !state.profile) return false;
  const p = state.profile;
  return kmBetween(point, p) <= p.radiusKm && services.every((s) => (p.services as string[]).includes(s));
}

/**
 * The best match not offered before, for an auto_match request: covering the shop, available,
 * offering every required service; highest rating first, then nearest. Each candidate is checked
 * on their own stream (the read model may lag a suspension).
 */
export async function bestMatch(
  deps: CommandDeps,
  point: { latitude: number; longitude: number },
  services: readonly string[],
  exclude: readonly string[],
): Promise<string | null> {
  const covering = await collaboratorsCovering(deps.db, point, { services: services as CollaboratorService[] });
  const ranked = covering.filter((c) => !exclude.includes(c.userId)).sort((a, b) => b.rating - a.rating || a.distanceKm - b.distanceKm || a.userId.localeCompare(b.userId));
  for (const c of ranked) if (await mayTake(deps.store, c.userId, point, services)) return c.userId;
  return null;
}

async function nextOfferFor(deps: CommandDeps, state: RequestState, now: Date): Promise<NextOffer> {
  const f = state.fields!;
  const point = await findStore(deps.db, f.storeId);
  if (!point) return null;
  const next = await bestMatch(deps, point, f.requiredServices, state.offered);
  return next ? { collaboratorId: next, offeredUntil: offerEnds(now, f.urgencyLevel, f.responseDeadline) } : null;
}

/**
 * Decides a request's command and its unlock's together and appends both in one go, on the
 * streams as just read: a stream moved meanwhile is read again and decided again, so of two
 * accepts at once the second is decided on the accepted request (409).
 */
function atOnce(
  store: EventStore,
  requestId: string,
  unlockId: string,
  commands: (request: RequestState, unlock: UnlockState) => Promise<{ request: RequestCommand | null; unlock: UnlockCommand | null }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return handleTogether(
    store,
    async () => {
      const loaded = await loadStates(store, {
        request: [{ streamId: requestStreamId(requestId), decider: requestDecider }],
        unlock: [{ streamId: unlockStreamId(unlockId), decider: unlockDecider }],
      });
      const r = loaded.request[0]!;
      const u = loaded.unlock[0]!;
      const { request, unlock } = await commands(r.state, u.state);
      const list: StreamCommand[] = [];
      if (request) list.push({ streamId: requestStreamId(requestId), decider: requestDecider as StreamCommand['decider'], command: request, loaded: r });
      if (unlock) list.push({ streamId: unlockStreamId(unlockId), decider: unlockDecider as StreamCommand['decider'], command: unlock, loaded: u });
      return list;
    },
    ctx,
  );
}

export interface NewRequest {
  requestType: RequestType;
  collaboratorId?: string | undefined;
  message: string;
  estimatedDuration: number;
  urgencyLevel: UrgencyLevel;
  maxBudgetCents: Cents;
  requiredServices: string[];
  responseDeadline?: string | undefined;
}

/**
 * A shopkeeper's request, with its package unlock (locked), in one append: direct to a
 * collaborator offered to the shop, waiting for whoever covers it, or auto_match offered to the
 * best match at once.
 */
export async function createRequest(deps: CommandDeps, shopkeeperId: string, input: NewRequest, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const shop = await activeStoreOfOwner(deps.db, shopkeeperId, 'chiedere l’aiuto di un collaboratore', noShop);
  const packageId = await collaborationPackageOnSale(deps.db);
  if (!packageId) throw new DomainError(noPackage, 'rule');
  const now = ctx.now;
  const responseDeadline = input.responseDeadline ? new Date(input.responseDeadline).toISOString() : new Date(now.getTime() + DEFAULT_RESPONSE_MS).toISOString();
  const services = input.requiredServices;
  if (input.requestType === 'direct' && input.collaboratorId) {
    const covering = await collaboratorsCovering(deps.db, shop, { services: services as CollaboratorService[] });
    if (!covering.some((c) => c.userId === input.collaboratorId) || !(await mayTake(deps.store, input.collaboratorId, shop, services)))
      throw new DomainError(notOfferedToShop, 'rule');
  }
  let firstOffer: NextOffer | undefined;
  if (input.requestType === 'auto_match') {
    const best = await bestMatch(deps, shop, services, []);
    if (!best) throw new DomainError(noMatch, 'rule');
    firstOffer = { collaboratorId: best, offeredUntil: offerEnds(now, input.urgencyLevel, responseDeadline) };
  }
  const requestId = randomUUID();
  const unlockId = randomUUID();
  const fields = {
    requestId,
    shopkeeperId,
    storeId: shop.id,
    storeName: shop.name,
    requestType: input.requestType,
    collaboratorId: input.requestType === 'direct' ? (input.collaboratorId ?? null) : null,
    message: input.message.trim(),
    estimatedDuration: input.estimatedDuration,
    urgencyLevel: input.urgencyLevel,
    maxBudgetCents: input.maxBudgetCents,
    requiredServices: services,
    responseDeadline,
    unlockId,
    packageId,
  };
  const position = await atOnce(
    deps.store,
    requestId,
    unlockId,
    async () => ({
      request: { type: 'CreateRequest', fields, now, ...(firstOffer ? { firstOffer } : {}) },
      unlock: { type: 'CreateUnlock', fields: { unlockId, requestId, shopkeeperId, storeId: shop.id, packageId } },
    }),
    ctx,
  );
  return { id: requestId, position };
}

/**
 * A collaborator accepts: a waiting request if their circle covers the shop with the services, a
 * pending one if addressed to them; only while approved, active and available. The unlock is
 * unlocked in the same append, with 24 h to buy it. First accept wins; the others get 409.
 */
export async function acceptRequest(deps: CommandDeps, requestId: string, collaboratorId: string, ctx: CommandContext): Promise<Position | null> {
  const first = await loadStates(deps.store, { r: [{ streamId: requestStreamId(requestId), decider: requestDecider }] });
  const fields = first.r[0]!.state.fields;
  if (!fields) throw new DomainError(requestNotFound, 'not-found');
  const state = first.r[0]!.state;
  const addressed = state.collaboratorId === collaboratorId;
  if (fields.requestType === 'waiting' && !addressed) {
    const point = await findStore(deps.db, fields.storeId);
    const self = await collaboratorState(deps.store, collaboratorId);
    if (!offeredToShops(self)) throw new DomainError(notOffered, 'forbidden');
    if (!point || !(await mayTake(deps.store, collaboratorId, point, fields.requiredServices))) throw new DomainError(requestNotFound, 'not-found');
  } else {
    if (!addressed) throw new DomainError(requestNotFound, 'not-found');
    if (state.status === 'pending' && !offeredToShops(await collaboratorState(deps.store, collaboratorId))) throw new DomainError(notOffered, 'forbidden');
  }
  const collaboratorName = (await nameOf(deps.db, collaboratorId)) ?? '';
  const purchaseDeadline = new Date(ctx.now.getTime() + PURCHASE_WINDOW_MS).toISOString();
  return atOnce(
    deps.store,
    requestId,
    fields.unlockId,
    async () => ({
      request: { type: 'AcceptRequest', collaboratorId, collaboratorName, now: ctx.now, purchaseDeadline },
      unlock: { type: 'UnlockForCollaborator', collaboratorId, purchaseDeadline },
    }),
    ctx,
  );
}

/** The collaborator it is addressed to declines: direct → rejected; auto_match → offered to the next best match, or expired. */
export async function declineRequest(deps: CommandDeps, requestId: string, collaboratorId: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  const loaded = await loadStates(deps.store, { r: [{ streamId: requestStreamId(requestId), decider: requestDecider }] });
  const state = loaded.r[0]!.state;
  if (!state.fields || state.collaboratorId !== collaboratorId) throw new DomainError(requestNotFound, 'not-found');
  const next =
    state.fields.requestType === 'auto_match' && state.status === 'pending' ? await nextOfferFor(deps, { ...state, offered: [...state.offered, collaboratorId] }, ctx.now) : null;
  return (await handleCommand(deps.store, requestStreamId(requestId), requestDecider, { type: 'DeclineRequest', collaboratorId, reason, now: ctx.now, next }, ctx)).position;
}

/** The shopkeeper withdraws the request before anyone accepted it. */
export async function cancelRequest(deps: Pick<CommandDeps, 'store'>, requestId: string, shopkeeperId: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(deps.store, requestStreamId(requestId), requestDecider, { type: 'CancelRequest', shopkeeperId, reason, now: ctx.now }, ctx)).position;
}

/** The upkeep: an open request past its response deadline expires (nothing when it is not due). */
export async function expireRequest(deps: Pick<CommandDeps, 'store'>, requestId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(deps.store, requestStreamId(requestId), requestDecider, { type: 'ExpireRequest', now: ctx.now }, ctx)).position;
}

/**
 * The upkeep: an auto_match offer whose window passed (or whose collaborator is no longer offered
 * to shops: `skip`) goes to the next best match not offered before; none left → expired no_match.
 */
export async function passOffer(deps: CommandDeps, requestId: string, skip: boolean, ctx: CommandContext): Promise<Position | null> {
  const loaded = await loadStates(deps.store, { r: [{ streamId: requestStreamId(requestId), decider: requestDecider }] });
  const state = loaded.r[0]!.state;
  if (!state.fields || state.status !== 'pending' || state.fields.requestType !== 'auto_match') return null;
  const next = await nextOfferFor(deps, state, ctx.now);
  return (await handleCommand(deps.store, requestStreamId(requestId), requestDecider, { type: 'PassOffer', now: ctx.now, next, skip }, ctx)).position;
}

/** The upkeep: an unlock not bought by its purchase deadline lapses, and its accepted request expires (not_purchased), in one append. */
export async function lapseUnlock(deps: Pick<CommandDeps, 'store'>, requestId: string, unlockId: string, ctx: CommandContext): Promise<Position | null> {
  return atOnce(
    deps.store,
    requestId,
    unlockId,
    async (request, unlock) => {
      const lapsing = unlockDecider.decide({ type: 'LapseUnlock', now: ctx.now }, unlock).length > 0;
      return { request: lapsing && request.exists ? { type: 'ExpireUnpurchased', now: ctx.now } : null, unlock: { type: 'LapseUnlock', now: ctx.now } };
    },
    ctx,
  );
}
