import { randomUUID } from 'node:crypto';
import { directAssignmentFields } from '../modules/assignments/assignment.js';
import { answerAssignment, onAssignment, runAssignmentCommand } from '../modules/assignments/commands.js';
import { registerCollaborator, changeCollaborator, collaboratorState } from '../modules/collaborators/commands.js';
import { issueCode } from '../modules/collaboration-sessions/commands.js';
import { completeIfLast } from '../modules/collaboration-sessions/credit-commands.js';
import { sessionDecider, sessionStreamId, type SessionCommand, type SessionState } from '../modules/collaboration-sessions/session.js';
import { scheduleSession } from '../modules/collaboration-sessions/lifecycle-commands.js';
import { sessionSubject, submitReview } from '../modules/reviews/commands.js';
import type { ReviewContent } from '../modules/reviews/review.js';
import type { Store } from '../modules/stores/contract.js';
import { findStoreByOwner } from '../modules/stores/queries.js';
import { createTask } from '../modules/tasks/commands.js';
import type { Pool } from '../platform/db/pool.js';
import type { ReadDb } from '../platform/db/read.js';
import { metadataOf, type CommandContext, type Role } from '../platform/domain/context.js';
import type { EventStore, Position } from '../platform/eventstore/types.js';
import { comparePositions } from '../platform/eventstore/position.js';

/*
 * The demo collaborator's story (issue [19]: the account `collaboratore` had no profile, so every
 * collaborator page said only «Completa la tua registrazione»). Luca Ferrari works for la Bottega
 * di Gianni in Trastevere, the demo shopkeeper's shop: approved with his area around it, two
 * assignments done (one paid by the shop, one waiting for its payment) with a session each, closed with its
 * codes and reviewed by both sides, and a third accepted, its session tomorrow morning and a task
 * in it. Every step is the product's own command, at the time it would have happened (the clock
 * is an input), so the histories, earnings and reviews read as a real past.
 */

export interface StoryDeps {
  store: EventStore;
  pool: Pool;
  db: ReadDb;
  /** The app's secret: the sessions' codes are derived from it. */
  secret: Buffer;
  waitFor: (position: Position) => Promise<unknown>;
}

export interface StoryParties {
  adminId: string;
  shopkeeperId: string;
  collaboratorId: string;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Luca's area: Trastevere and around, where the Bottega is. */
const lucaProfile = {
  address: 'Via della Lungaretta 45, 00153 Roma RM',
  latitude: 41.8892,
  longitude: 12.4697,
  radiusKm: 6,
  services: ['product_management', 'delivery', 'inventory'] as const,
  isAvailable: true,
  availability: 'lun–ven mattina, sabato pomeriggio',
  bio: 'Studente di economia, tre anni in una drogheria di quartiere: cataloghi, foto dei prodotti e consegne in bicicletta.',
};

const reviews: Record<'shopkeeper' | 'collaborator', ReviewContent[]> = {
  shopkeeper: [
    {
      overallRating: 5,
      quality: 5,
      punctuality: 5,
      communication: 4,
      professionalism: 5,
      comment: 'Ha sistemato il catalogo della pasta e dei formaggi con foto e descrizioni chiare: i clienti ora trovano tutto.',
      wouldRecommend: true,
      wouldWorkAgain: true,
      positivePoints: 'Preciso, veloce, attento ai dettagli.',
      improvementAreas: '',
    },
    {
      overallRating: 4,
      quality: 4,
      punctuality: 5,
      communication: 4,
      professionalism: 4,
      comment: 'Inventario della dispensa fatto bene e in orario.',
      wouldRecommend: true,
      wouldWorkAgain: true,
      positivePoints: 'Puntuale.',
      improvementAreas: 'Qualche prezzo da ricontrollare sulle confezioni regalo.',
    },
  ],
  collaborator: [
    {
      overallRating: 5,
      quality: null,
      punctuality: 5,
      communication: 5,
      professionalism: 5,
      comment: 'Gianni spiega bene cosa serve e ha tutto pronto all’arrivo.',
      wouldRecommend: true,
      wouldWorkAgain: true,
      positivePoints: 'Accoglienza e chiarezza.',
      improvementAreas: '',
    },
    {
      overallRating: 5,
      quality: null,
      punctuality: 4,
      communication: 5,
      professionalism: 5,
      comment: 'Negozio ordinato, lavoro piacevole.',
      wouldRecommend: true,
      wouldWorkAgain: true,
      positivePoints: '',
      improvementAreas: '',
    },
  ],
};

/** A context acting as `userId` at `at`. */
function as(userId: string | null, role: Role, at: number): CommandContext {
  return { actor: userId ? { userId, role } : null, correlationId: randomUUID(), causationId: null, now: new Date(at) };
}

/** 10:00 on Rome's clock, `daysFromToday` days from `now`'s day (in winter and summer alike: UTC+1 or +2). */
function romeMorning(now: number, daysFromToday: number): number {
  const date = new Date(now + daysFromToday * day);
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);
  const utcTen = Date.parse(`${ymd}T10:00:00Z`);
  const romeHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(new Date(utcTen)));
  return utcTen - (romeHour - 10) * hour;
}

/**
 * Seeds the story once: nothing if the collaborator has a profile already (a database seeded by
 * an older demo gets it at its next first start only). The last position written, or null.
 */
export async function seedCollaboratorStory(deps: StoryDeps, { adminId, shopkeeperId, collaboratorId }: StoryParties, now = Date.now()): Promise<Position | null> {
  if ((await collaboratorState(deps.store, collaboratorId)).registered) return null;
  let last: Position | null = null;
  const later = (position: Position | null | undefined) => {
    if (position && (!last || comparePositions(position, last) > 0)) last = position;
    return position ?? null;
  };
  const shop = await findStoreByOwner(deps.db, shopkeeperId);
  if (!shop) return null;

  later(await registerCollaborator(deps, collaboratorId, { ...lucaProfile, services: [...lucaProfile.services] }, as(collaboratorId, 'collaborator', now - 30 * day)));
  later(await changeCollaborator(deps, collaboratorId, { type: 'Approve', canActivateSessions: true }, as(adminId, 'admin', now - 29 * day)));

  // Two assignments done, then one ahead.
  const done = [
    { description: 'Sistemare il catalogo: foto e descrizioni di pasta e formaggi', pay: 4000, credits: 10, daysAgo: 14, paid: true },
    { description: 'Inventario della dispensa e prezzi delle confezioni regalo', pay: 2500, credits: 5, daysAgo: 3, paid: false },
  ];
  for (const [i, work] of done.entries()) {
    const start = romeMorning(now, -work.daysAgo);
    const assignmentId = await assignmentFor(deps, { shop, shopkeeperId, collaboratorId, ...work }, start - 2 * day);
    later(await answerAssignment(deps, assignmentId, collaboratorId, { accept: true }, as(collaboratorId, 'collaborator', start - 2 * day + 3 * hour)));
    const { sessionId, position } = await pastSession(deps, { shop, shopkeeperId, collaboratorId, assignmentId }, start, start - day);
    if (position) await deps.waitFor(later(position)!);
    // Closing the last session completes the assignment and adds its credits, as closeSession does.
    later(await completeIfLast(deps, assignmentId, as(collaboratorId, 'collaborator', start + 110 * minute)));
    for (const [reviewer, role] of [
      [shopkeeperId, 'shopkeeper'],
      [collaboratorId, 'collaborator'],
    ] as const) {
      const found = await sessionSubject(deps.store, sessionId, { id: reviewer, role });
      later((await submitReview(deps, found, { id: reviewer, role }, reviews[role][i]!, as(reviewer, role, start + (role === 'shopkeeper' ? 5 : 7) * hour))).position);
    }
    if (work.paid) {
      later(
        await runAssignmentCommand(
          deps,
          assignmentId,
          { id: shopkeeperId, role: 'shopkeeper' },
          { type: 'MarkPaid', byUserId: shopkeeperId, now: new Date(start + 3 * day) },
          as(shopkeeperId, 'shopkeeper', start + 3 * day),
        ),
      );
    }
  }

  // Tomorrow morning: the next assignment, accepted, its session scheduled and a task in it.
  const tomorrow = romeMorning(now, 1);
  const nextId = await assignmentFor(
    deps,
    { shop, shopkeeperId, collaboratorId, description: 'Preparare il catalogo delle feste: panettoni, torroni e cesti', pay: 3500, credits: 10 },
    now - 6 * hour,
  );
  later(await answerAssignment(deps, nextId, collaboratorId, { accept: true }, as(collaboratorId, 'collaborator', now - 5 * hour)));
  await session(deps, shopkeeperId, nextId, tomorrow, now - 4 * hour);
  const task = await createTask(
    deps,
    shopkeeperId,
    {
      type: 'product_management',
      assignmentId: nextId,
      collaboratorId,
      title: 'Aggiornare prezzi e foto dei panettoni',
      description: 'Sei panettoni artigianali arrivati ieri: prezzi dal listino in cassa, una foto ciascuno.',
      deadline: new Date(tomorrow + 2 * hour).toISOString(),
      compensationCents: 0,
      credits: 0,
    },
    as(shopkeeperId, 'shopkeeper', now - 3 * hour),
  );
  later(task.position);
  return last;
}

/** An assignment of the shop to Luca, as the shopkeeper made it at `at` (pending his answer). */
async function assignmentFor(
  deps: StoryDeps,
  work: { shop: { id: string; name: string }; shopkeeperId: string; collaboratorId: string; description: string; pay: number; credits: number },
  at: number,
): Promise<string> {
  const id = randomUUID();
  // The first assignment between them, made as the shop's unlocked request would make it: the
  // direct route (createDirectAssignment) is for collaborators the shop already worked with.
  await onAssignment(
    deps.store,
    id,
    {
      type: 'CreateAssignment',
      fields: directAssignmentFields(
        id,
        { store: work.shop, shopkeeperId: work.shopkeeperId, collaborator: { id: work.collaboratorId, name: 'Luca Ferrari' } },
        { description: work.description, paymentCents: work.pay, credits: work.credits },
      ),
      now: new Date(at),
    },
    as(work.shopkeeperId, 'shopkeeper', at),
  );
  return id;
}

/** A two-hour session of the assignment from `start`, scheduled by the shopkeeper at `at`. */
async function session(deps: StoryDeps, shopkeeperId: string, assignmentId: string, start: number, at: number): Promise<string> {
  const { id, position } = await scheduleSession(
    deps,
    shopkeeperId,
    {
      assignmentId,
      scheduledStartAt: new Date(start).toISOString(),
      scheduledEndAt: new Date(start + 2 * hour).toISOString(),
      securityLevel: 'basic',
      aiCredits: 0,
    },
    as(shopkeeperId, 'shopkeeper', at),
  );
  if (position) await deps.waitFor(position);
  return id;
}

/**
 * A two-hour session of the assignment from `start`, scheduled by the shopkeeper at `at` with its
 * two codes, activated by the collaborator with the first four minutes in and closed with the
 * second at 110 minutes: the product's three commands, decided in turn and appended together, so
 * that the deadlines' upkeep, on today's clock, never finds it waiting in the past and expires it.
 */
async function pastSession(
  deps: StoryDeps,
  work: { shop: Pick<Store, 'id' | 'name' | 'address' | 'latitude' | 'longitude'>; shopkeeperId: string; collaboratorId: string; assignmentId: string },
  start: number,
  at: number,
): Promise<{ sessionId: string; position: Position | null }> {
  const sessionId = randomUUID();
  const shopkeeper = as(work.shopkeeperId, 'shopkeeper', at);
  const activation = await issueCode(deps, sessionId, 'activation', 1, shopkeeper);
  const closure = await issueCode(deps, sessionId, 'closure', 1, shopkeeper);
  const steps: [SessionCommand, CommandContext][] = [
    [
      {
        type: 'ScheduleSession',
        fields: {
          sessionId,
          assignmentId: work.assignmentId,
          accessId: null,
          storeId: work.shop.id,
          storeName: work.shop.name,
          storeAddress: work.shop.address,
          storeLatitude: work.shop.latitude,
          storeLongitude: work.shop.longitude,
          shopkeeperId: work.shopkeeperId,
          collaboratorId: work.collaboratorId,
          collaboratorName: 'Luca Ferrari',
          securityLevel: 'basic',
          permissions: ['products'],
          aiCredits: 0,
        },
        scheduledStartAt: new Date(start).toISOString(),
        scheduledEndAt: new Date(start + 2 * hour).toISOString(),
        activation,
        closure,
        now: new Date(at),
      },
      shopkeeper,
    ],
    [
      {
        type: 'ActivateSession',
        collaboratorId: work.collaboratorId,
        codeKey: activation.key,
        position: null,
        ipAddress: null,
        userAgent: null,
        now: new Date(start + 4 * minute),
      },
      as(work.collaboratorId, 'collaborator', start + 4 * minute),
    ],
    [
      { type: 'CloseSession', collaboratorId: work.collaboratorId, codeKey: closure.key, now: new Date(start + 110 * minute) },
      as(work.collaboratorId, 'collaborator', start + 110 * minute),
    ],
  ];
  let state: SessionState = sessionDecider.initialState;
  const events = steps.flatMap(([command, ctx]) => {
    const decided = sessionDecider.decide(command, state);
    state = decided.reduce(sessionDecider.evolve, state);
    return decided.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadataOf(ctx) }));
  });
  const { position } = await deps.store.appendToStream(sessionStreamId(sessionId), events, { expectedRevision: 'no_stream' });
  return { sessionId, position };
}
