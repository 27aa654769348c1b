import { randomUUID } from 'node:crypto';
import { handleCommand, handleTogether, loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Cents } from '../../platform/domain/money.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { derivedId } from '../../platform/commands/ids.js';
import { kmBetween } from '../collaboration-requests/commands.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import type { CollaboratorState } from '../collaborators/collaborator.js';
import { collaboratorState, offeredToShops } from '../collaborators/commands.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderEvent } from '../orders/order.js';
import { newOrderCode, wrongOrderCode } from '../orders/codes.js';
import { tryCode } from '../../platform/commands/code-tries.js';
import type { CommandDeps } from '../../platform/module.js';
import { couriersCovering } from './queries.js';
import type { Store } from '../stores/contract.js';
import { findStore, findStoreByOwner } from '../stores/queries.js';
import { assignmentRow } from '../assignments/queries.js';
import { nameOf } from '../users/queries.js';
import { expiredReason, isOffered, noRoute, taskDecider, taskNotFound, taskStreamId, type TaskCommand, type TaskFields, type TaskState, type TaskType } from './task.js';

export const noShop = 'Non hai ancora un negozio: aprilo per affidare attività ai collaboratori.';
export const orderNotFound = 'Ordine non trovato.';
export const notCovering = 'Questo collaboratore non copre il negozio e l’indirizzo di consegna, o non è disponibile.';
export const noCourier = 'Nessun collaboratore disponibile copre sia il negozio sia l’indirizzo di consegna.';
export const notOffered = 'Il tuo profilo da collaboratore non è approvato, attivo e disponibile: non puoi accettare attività.';

type Shop = Pick<Store, 'id' | 'name' | 'address' | 'latitude' | 'longitude'>;

type Point = { latitude: number; longitude: number };

/** Whether a collaborator (as their own stream tells) may deliver from `from` to `to`: offered work, delivering, their circle holding both. */
export function delivers(state: CollaboratorState, from: Point, to: Point): boolean {
  const p = state.profile;
  if (!offeredToShops(state) || !p || !p.services.includes('delivery')) return false;
  return kmBetween(from, p) <= p.radiusKm && kmBetween(to, p) <= p.radiusKm;
}

/**
 * Decides a task's command and, for a delivery, its order's together, and appends both in one go,
 * on the streams as just read: a stream moved meanwhile is read again and decided again, so of two
 * accepts at once the second is decided on the accepted task (409). The order's command is sent
 * only when the task's changes something.
 */
function atOnce(
  store: EventStore,
  taskId: string,
  orderId: string | null,
  commands: { task: TaskCommand; order: OrderCommand | null },
  ctx: CommandContext,
): Promise<Position | null> {
  const { task, order } = commands;
  return handleTogether(
    store,
    async () => {
      const loaded = await loadStates(store, {
        task: [{ streamId: taskStreamId(taskId), decider: taskDecider }],
        order: orderId ? [{ streamId: orderStreamId(orderId), decider: orderDecider }] : [],
      });
      const t = loaded.task[0]!;
      const o = loaded.order[0] ?? null;
      // Nothing changes on the task (a retried request): nothing on the order either.
      if (taskDecider.decide(task, t.state).length === 0) return null;
      const list: StreamCommand[] = [{ streamId: taskStreamId(taskId), decider: taskDecider as StreamCommand['decider'], command: task, loaded: t }];
      if (order && o && orderId) list.push({ streamId: orderStreamId(orderId), decider: orderDecider as StreamCommand['decider'], command: order, loaded: o });
      return list;
    },
    ctx,
  );
}

/** A task closed before its delivery (given back, cancelled, expired): its order's delivery is free again, with the reason. */
function freeDelivery(store: EventStore, fields: TaskFields, task: TaskCommand, reason: string, ctx: CommandContext): Promise<Position | null> {
  return atOnce(store, fields.taskId, fields.orderId, { task, order: { type: 'UnassignDelivery', taskId: fields.taskId, reason: reason.trim() } }, ctx);
}

export interface NewTask {
  type: TaskType;
  orderId?: string | undefined;
  assignmentId?: string | undefined;
  collaboratorId?: string | undefined;
  title?: string | undefined;
  description: string;
  deadline: string;
  compensationCents: Cents;
  credits: number;
}

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** What a delivery task needs of its order and the shop: the order the shop's, shipped, with the address's point. */
async function deliveryOf(deps: CommandDeps, shop: Shop, orderId: string) {
  const { state } = await loadState(deps.store, orderStreamId(orderId), orderDecider);
  const order = state.order;
  if (!order || order.storeId !== shop.id) throw new DomainError(orderNotFound, 'not-found');
  if (order.deliveryType !== 'shipping') throw new DomainError('Si affida la consegna solo di un ordine con spedizione.', 'rule', { orderId: 'L’ordine si ritira in negozio.' });
  if (order.deliveryLatitude === null || order.deliveryLongitude === null || !order.deliveryAddress) {
    throw new DomainError('L’ordine non ha la posizione dell’indirizzo di consegna: consegnalo dal negozio.', 'rule');
  }
  return { order, destination: { latitude: order.deliveryLatitude, longitude: order.deliveryLongitude } };
}

/** Whom the shopkeeper may hand the delivery of one of their shop's orders to (couriersCovering). */
export async function couriersFor(deps: CommandDeps, shopkeeperId: string, orderId: string) {
  const shop = await findStoreByOwner(deps.db, shopkeeperId);
  if (!shop) throw new DomainError(noShop, 'not-found');
  const { destination } = await deliveryOf(deps, shop, orderId);
  return couriersCovering(deps.db, shop, destination);
}

/** The assignment a piece of catalogue work belongs to: the shop's, accepted or in progress; its collaborator. */
async function assignmentOf(db: ReadDb, shop: Shop, assignmentId: string): Promise<{ collaboratorId: string; collaboratorName: string }> {
  const a = await assignmentRow(db, assignmentId);
  if (!a || a.store_id !== shop.id) throw new DomainError('Incarico non trovato.', 'not-found');
  if (a.status !== 'accepted' && a.status !== 'in_progress')
    throw new DomainError('Si affidano lavori solo in un incarico accettato o in corso.', 'rule', { assignmentId: 'L’incarico non è in corso.' });
  return { collaboratorId: a.collaborator_user_id, collaboratorName: a.collaborator_name };
}

/**
 * A shopkeeper's task: the delivery of one of their shop's shipping orders (accepted, not yet
 * shipped), handed to a collaborator whose circle holds both the shop and the address or offered
 * to all of them; or catalogue work inside one of their assignments, for its collaborator. A
 * delivery is recorded on the order in the same append: one open delivery per order.
 */
export async function createTask(deps: CommandDeps, shopkeeperId: string, input: NewTask, ctx: CommandContext): Promise<{ id: string; position: Position | null }> {
  const shop = await findStoreByOwner(deps.db, shopkeeperId);
  if (!shop) throw new DomainError(noShop, 'not-found');
  const taskId = randomUUID();
  const deadline = new Date(input.deadline).toISOString();
  const base = {
    taskId,
    type: input.type,
    storeId: shop.id,
    storeName: shop.name,
    shopkeeperId,
    description: input.description.trim(),
    deadline,
    compensationCents: input.compensationCents,
    credits: input.credits,
  };
  let fields: TaskFields;
  if (input.type === 'delivery') {
    if (!input.orderId) throw new DomainError('Ordine: obbligatorio per una consegna.', 'rule', { orderId: 'Obbligatorio per una consegna.' });
    const { order, destination } = await deliveryOf(deps, shop, input.orderId);
    let collaboratorName: string | null = null;
    if (input.collaboratorId) {
      if (!delivers(await collaboratorState(deps.store, input.collaboratorId), shop, destination)) throw new DomainError(notCovering, 'rule', { collaboratorId: notCovering });
      collaboratorName = (await nameOf(deps.db, input.collaboratorId)) ?? '';
    } else {
      // Offered to the area: someone must be there to take it.
      const around = await couriersCovering(deps.db, shop, destination, 20);
      let any = false;
      for (const c of around) if ((any = delivers(await collaboratorState(deps.store, c.userId), shop, destination))) break;
      if (!any) throw new DomainError(noCourier, 'rule');
    }
    fields = {
      ...base,
      orderId: order.orderId,
      assignmentId: null,
      collaboratorId: input.collaboratorId ?? null,
      collaboratorName,
      title: input.title?.trim() || `Consegna dell’ordine ${shortId(order.orderId)}`,
      pickupAddress: shop.address,
      pickupLatitude: shop.latitude,
      pickupLongitude: shop.longitude,
      deliveryAddress: order.deliveryAddress,
      deliveryLatitude: destination.latitude,
      deliveryLongitude: destination.longitude,
      distanceKm: Math.round(kmBetween(shop, destination) * 100) / 100,
    };
  } else {
    if (!input.assignmentId) throw new DomainError('Incarico: obbligatorio per un lavoro sul catalogo.', 'rule', { assignmentId: 'Obbligatorio.' });
    const assignment = await assignmentOf(deps.db, shop, input.assignmentId);
    if (input.collaboratorId && input.collaboratorId !== assignment.collaboratorId) {
      throw new DomainError('Un lavoro sul catalogo si affida al collaboratore dell’incarico.', 'rule', { collaboratorId: 'Non è il collaboratore dell’incarico.' });
    }
    fields = {
      ...base,
      orderId: null,
      assignmentId: input.assignmentId,
      collaboratorId: assignment.collaboratorId,
      collaboratorName: assignment.collaboratorName,
      title: input.title?.trim() ?? '',
      ...noRoute,
    };
  }
  const position = await atOnce(
    deps.store,
    taskId,
    fields.orderId,
    {
      task: { type: 'CreateTask', fields, now: ctx.now },
      order: { type: 'RequestDelivery', taskId, collaboratorId: fields.collaboratorId, collaboratorName: fields.collaboratorName, deadline },
    },
    ctx,
  );
  return { id: taskId, position };
}

async function taskState(store: EventStore, taskId: string): Promise<TaskState & { fields: TaskFields }> {
  const { state } = await loadState(store, taskStreamId(taskId), taskDecider);
  if (!state.exists || !state.fields) throw new DomainError(taskNotFound, 'not-found');
  return state as TaskState & { fields: TaskFields };
}

const pointsOf = (f: TaskFields): [Point, Point] | null =>
  f.pickupLatitude !== null && f.pickupLongitude !== null && f.deliveryLatitude !== null && f.deliveryLongitude !== null
    ? [
        { latitude: f.pickupLatitude, longitude: f.pickupLongitude },
        { latitude: f.deliveryLatitude, longitude: f.deliveryLongitude },
      ]
    : null;

/**
 * A collaborator accepts: a task handed to them, or a delivery offered to the area whose circle
 * holds both the shop and the address; only while approved, active and available. A delivery
 * names its collaborator on the order in the same append. First accept wins; the others get 409.
 */
export async function acceptTask(deps: CommandDeps, taskId: string, collaboratorId: string, ctx: CommandContext): Promise<Position | null> {
  const state = await taskState(deps.store, taskId);
  const f = state.fields;
  const self = await collaboratorState(deps.store, collaboratorId);
  if (state.collaboratorId !== collaboratorId) {
    if (!isOffered(f)) throw new DomainError(taskNotFound, 'not-found');
    if (!offeredToShops(self)) throw new DomainError(notOffered, 'forbidden');
    const points = pointsOf(f);
    if (!points || !delivers(self, ...points)) throw new DomainError(taskNotFound, 'not-found');
  } else if (state.status === 'pending' && !offeredToShops(self)) {
    throw new DomainError(notOffered, 'forbidden');
  }
  const collaboratorName = (await nameOf(deps.db, collaboratorId)) ?? '';
  return atOnce(
    deps.store,
    taskId,
    f.orderId,
    {
      task: { type: 'AcceptTask', collaboratorId, collaboratorName, now: ctx.now },
      order: { type: 'AssignDelivery', taskId, collaboratorId, collaboratorName, deadline: f.deadline },
    },
    ctx,
  );
}

/** The collaborator gives back a task handed to them or accepted, before starting it, with the reason: cancelled; the order's delivery is free again. */
export async function rejectTask(deps: Pick<CommandDeps, 'store'>, taskId: string, collaboratorId: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  const { fields } = await taskState(deps.store, taskId);
  return freeDelivery(deps.store, fields, { type: 'RejectTask', collaboratorId, reason, now: ctx.now }, reason, ctx);
}

/** The collaborator starts: a delivery is the order picked up at the shop (it must be ready; the order goes «In consegna»). */
export async function startTask(deps: Pick<CommandDeps, 'store'>, taskId: string, collaboratorId: string, ctx: CommandContext): Promise<Position | null> {
  const { fields } = await taskState(deps.store, taskId);
  return atOnce(
    deps.store,
    taskId,
    fields.orderId,
    {
      task: { type: 'StartTask', collaboratorId, now: ctx.now },
      order: { type: 'ShipOrder', by: 'collaborator', taskId },
    },
    ctx,
  );
}

/**
 * The collaborator hands the order over with the customer's delivery code: the order is completed
 * (paid at the door when cash). Issue [16]: refused (429) while the collaborator is locked out of
 * delivery codes, before anything is compared; a wrong code is counted on the order (the fifth
 * burns it: the customer gets a new one and is told) and on the collaborator, in one append, and
 * the task stays as it was.
 */
export async function deliverTask(deps: Pick<CommandDeps, 'store'>, taskId: string, collaboratorId: string, deliveryCode: string, ctx: CommandContext): Promise<Position | null> {
  const { store } = deps;
  const { fields } = await taskState(store, taskId);
  let decided: OrderEvent[] = [];
  const { position, wrong } = await tryCode(store, { kind: 'delivery', actorId: collaboratorId }, ctx, async () => {
    const loaded = await loadStates(store, {
      task: [{ streamId: taskStreamId(taskId), decider: taskDecider }],
      order: fields.orderId ? [{ streamId: orderStreamId(fields.orderId), decider: orderDecider }] : [],
    });
    const t = loaded.task[0]!;
    const task: TaskCommand = { type: 'DeliverTask', collaboratorId, now: ctx.now };
    // Not theirs, not started, done already: refused or nothing to do before the code is compared.
    if (taskDecider.decide(task, t.state).length === 0) return null;
    const o = loaded.order[0];
    const taskCommand: StreamCommand = { streamId: taskStreamId(taskId), decider: taskDecider as StreamCommand['decider'], command: task, loaded: t };
    if (!o || !fields.orderId) return { commands: [taskCommand], wrong: false };
    const order: OrderCommand = { type: 'CompleteOrder', by: 'collaborator', deliveryCode, taskId, freshCode: newOrderCode() };
    decided = orderDecider.decide(order, o.state);
    const orderCommand: StreamCommand = { streamId: orderStreamId(fields.orderId), decider: orderDecider as StreamCommand['decider'], command: order, loaded: o };
    const mistyped = decided[0]?.type === 'OrderCodeMistyped';
    return { commands: mistyped ? [orderCommand] : [taskCommand, orderCommand], wrong: mistyped };
  });
  if (wrong) throw wrongOrderCode('delivery', decided);
  return (await creditEarned(deps, taskId, ctx)) ?? position;
}

/** A completed task's credits, added to its collaborator's ledger once (a lot named after the task). */
async function creditEarned(deps: Pick<CommandDeps, 'store'>, taskId: string, ctx: CommandContext): Promise<Position | null> {
  const state = await taskState(deps.store, taskId);
  const collaboratorId = state.collaboratorId;
  if (state.status !== 'completed' || !collaboratorId || state.fields.credits <= 0) return null;
  const added = await changeCredits(
    deps.store,
    collaboratorId,
    {
      type: 'AddCredits',
      lotId: derivedId('task-earned', taskId),
      credits: state.fields.credits,
      expiresAt: creditsExpireAt(ctx.now),
      source: { kind: 'adjustment', reason: `Crediti guadagnati con l’attività «${state.fields.title}» per ${state.fields.storeName}` },
    },
    ctx,
  );
  return added.position;
}

/** The collaborator completes a piece of catalogue work. */
export async function completeTask(deps: Pick<CommandDeps, 'store'>, taskId: string, collaboratorId: string, ctx: CommandContext): Promise<Position | null> {
  const position = (await handleCommand(deps.store, taskStreamId(taskId), taskDecider, { type: 'CompleteTask', collaboratorId, now: ctx.now }, ctx)).position;
  return (await creditEarned(deps, taskId, ctx)) ?? position;
}

/** The shop (its owner; or an admin) cancels a task before it is completed; a delivery's order is free again (picked up already: the shop completes it itself). */
export async function cancelTask(
  deps: CommandDeps,
  taskId: string,
  by: { userId: string; role: 'shopkeeper' | 'admin' },
  reason: string,
  ctx: CommandContext,
): Promise<Position | null> {
  const { fields } = await taskState(deps.store, taskId);
  if (by.role === 'shopkeeper') {
    if ((await findStore(deps.db, fields.storeId))?.userId !== by.userId) throw new DomainError(taskNotFound, 'not-found');
  }
  return freeDelivery(deps.store, fields, { type: 'CancelTask', by: by.role, reason, now: ctx.now }, reason, ctx);
}

/** The upkeep: a task still waiting for a collaborator at its deadline expires (cancelled with the reason); nothing when it is not due. */
export async function expireTask(deps: Pick<CommandDeps, 'store'>, taskId: string, ctx: CommandContext): Promise<Position | null> {
  const { fields } = await taskState(deps.store, taskId);
  return freeDelivery(deps.store, fields, { type: 'ExpireTask', now: ctx.now }, expiredReason, ctx);
}
