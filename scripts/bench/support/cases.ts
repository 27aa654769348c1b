import { randomUUID } from 'node:crypto';
import { caseDecider, caseStreamId, type CaseCommand, type CaseFields, type CaseState, type Party } from '../../../src/modules/complaints/case.js';
import {
  APPEAL_WINDOW_MS,
  complaintTypes,
  disputeTypes,
  FIRST_RESPONSE_MS,
  RESPONDENT_WINDOW_MS,
  type CaseStatus,
  type Severity,
  type Urgency,
} from '../../../src/modules/complaints/labels.js';
import { metadataOf, systemContext, type Role } from '../../../src/platform/domain/context.js';
import type { EventStore, NewEvent, Position } from '../../../src/platform/eventstore/types.js';
import { seededRandom } from '../../../src/seed-large.js';

/*
 * The complaints and disputes of the admin benchmark (issue [14]): each case's stream written as
 * its commands would have written it, every command decided by the case's decider on the state so
 * far (so a mistake here throws as the product would refuse it), each event with its command's
 * actor and time. The cases end in every status, of every urgency, filed over the past weeks, so
 * their due times spread over the past and the coming days as a real backlog's do. Nothing is left
 * for the upkeep to do (no answer overdue and not noted, no compensation approved and unpaid), so
 * it does not write while the benchmark measures.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface CaseParties {
  shops: { storeId: string; storeName: string; ownerId: string; ownerName: string }[];
  collaborators: { id: string; name: string }[];
  customers: { id: string; name: string }[];
  /** Admins' user ids; the first two differ, as an appeal needs another admin. */
  admins: string[];
}

type Actor = { userId: string; role: Role } | null;

/** One case's events as its commands decide them. */
export class CaseWriter {
  state: CaseState = caseDecider.initialState;
  readonly events: NewEvent[] = [];

  do(command: CaseCommand, actor: Actor): void {
    const metadata = metadataOf({ ...systemContext(command.now), actor });
    for (const event of caseDecider.decide(command, this.state)) {
      this.state = caseDecider.evolve(this.state, event);
      this.events.push({ id: randomUUID(), type: event.type, data: event.data, metadata });
    }
  }
}

const titles: Record<string, string[]> = {
  quality_issue: ['Prezzi del catalogo inseriti male', 'Foto dei prodotti sfocate', 'Schede prodotto incomplete'],
  behavior_problem: ['Toni scortesi con i clienti', 'Comportamento poco professionale'],
  payment_dispute: ['Ore fatturate non lavorate', 'Pacchetto pagato ma non svolto'],
  security_breach: ['Accesso ai dati oltre la sessione', 'Password condivisa con terzi'],
  communication_issue: ['Nessuna risposta ai messaggi', 'Istruzioni non seguite'],
  time_violation: ['Arrivato con due ore di ritardo', 'Sessione chiusa in anticipo'],
  other: ['Problema con la consegna del materiale', 'Altro problema nella collaborazione'],
  not_received: ['Ordine mai arrivato', 'Ritiro non pronto all’orario'],
  wrong_items: ['Articoli diversi da quelli ordinati', 'Manca metà dell’ordine'],
  damaged: ['Confezione rotta', 'Prodotti arrivati danneggiati'],
};
const messages = [
  'Allego quanto richiesto, resto a disposizione.',
  'Ho già provato a contattare l’altra parte senza risposta.',
  'Vorrei sapere a che punto è il caso.',
  'Confermo quanto scritto sopra.',
  'Posso fornire altre foto se servono.',
];
const answers = ['Ho seguito le istruzioni ricevute.', 'Il ritardo è dipeso dal fornitore.', 'Non ero stato avvisato del problema.', 'Mi scuso, rimedio subito.'];
const questions = ['Puoi spiegare cosa è successo?', 'Hai ricevuto le istruzioni del negozio?', 'Puoi mandare una prova di quanto dici?'];
const severities: Severity[] = ['low', 'medium', 'medium', 'high', 'high', 'critical'];
/** Urgencies by weight: mostly normal, a few immediate. */
const urgencies: Urgency[] = [...Array<Urgency>(3).fill('low'), ...Array<Urgency>(4).fill('normal'), 'high', 'high', 'immediate'];
/** Where the cases stand, by weight: the decided ones the most, as on a platform that has been running a while. */
const outcomes: [CaseStatus, number][] = [
  ['submitted', 12],
  ['under_review', 13],
  ['investigating', 20],
  ['appealed', 5],
  ['resolved', 30],
  ['rejected', 20],
];

export interface SeededCases {
  cases: number;
  events: number;
  /** How many cases ended in each status. */
  byStatus: Record<CaseStatus, number>;
  head: Position;
}

/**
 * Appends `count` cases (complaints on sessions between shopkeepers and collaborators, disputes of
 * customers on shops' orders), a few hundred streams per append, `parallel` appends at a time.
 */
export async function seedCases(
  store: EventStore,
  parties: CaseParties,
  {
    count,
    now = new Date(),
    seed = 14,
    parallel = 4,
    onProgress,
  }: { count: number; now?: Date; seed?: number; parallel?: number; onProgress?: (done: number, total: number) => void },
): Promise<SeededCases> {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const weighted = outcomes.flatMap(([status, weight]) => Array<CaseStatus>(weight).fill(status));
  const byStatus = Object.fromEntries(outcomes.map(([s]) => [s, 0])) as Record<CaseStatus, number>;
  const end = now.getTime();
  /** A time between `from` and `to` (never after now). */
  const between = (from: number, to: number): Date => new Date(Math.min(end, from + rnd() * (to - from)));
  let events = 0;

  const oneCase = (): { streamId: string; events: NewEvent[] } => {
    const id = randomUUID();
    const shop = pick(parties.shops);
    const dispute = rnd() < 0.55;
    const shopkeeper: Party = { userId: shop.ownerId, type: 'shopkeeper', name: shop.ownerName };
    let complainant: Party;
    let respondent: Party;
    if (dispute) {
      const customer = pick(parties.customers);
      complainant = { userId: customer.id, type: 'customer', name: customer.name };
      respondent = shopkeeper;
    } else {
      const c = pick(parties.collaborators);
      const collaborator: Party = { userId: c.id, type: 'collaborator', name: c.name };
      [complainant, respondent] = rnd() < 0.7 ? [shopkeeper, collaborator] : [collaborator, shopkeeper];
    }
    const complaintType = dispute ? pick(disputeTypes) : pick(complaintTypes);
    const urgency = pick(urgencies);
    const paid = rnd() < 0.6;
    const fields: CaseFields = {
      caseId: id,
      kind: dispute ? 'dispute' : 'complaint',
      sessionId: dispute ? null : randomUUID(),
      assignmentId: dispute ? null : randomUUID(),
      orderId: dispute ? randomUUID() : null,
      storeId: shop.storeId,
      storeName: shop.storeName,
      complainant,
      respondent,
      complaintType,
      title: pick(titles[complaintType]!),
      description: `${pick(titles[complaintType]!)}. ${pick(messages)}`,
      severity: pick(severities),
      urgency,
      witnessContacts: rnd() < 0.2 ? [{ name: 'Anna Verdi', contact: '333 1234567' }] : [],
      paymentId: paid ? randomUUID() : null,
      paymentAmountCents: paid ? 500 + Math.floor(rnd() * 15_000) : 0,
    };
    const outcome = pick(weighted);
    byStatus[outcome]++;
    const admin = pick(parties.admins);
    const asAdmin = (userId = admin) => ({ userId, role: 'admin' as const });
    const asParty = (p: Party) => ({ userId: p.userId, role: p.type });
    const w = new CaseWriter();
    const sla = FIRST_RESPONSE_MS[urgency];

    /** The admin takes the case at `at`, asks the other party, who answers or is noted late. */
    const investigate = (takenAt: number, askedAt: number, answered: boolean, until: number): void => {
      w.do({ type: 'TakeCase', adminId: admin, now: new Date(takenAt) }, asAdmin());
      w.do({ type: 'AskRespondent', adminId: admin, question: pick(questions), now: new Date(askedAt) }, asAdmin());
      const answerBy = askedAt + RESPONDENT_WINDOW_MS;
      if (answered) w.do({ type: 'Respond', userId: respondent.userId, text: pick(answers), now: between(askedAt, Math.min(answerBy, until)) }, asParty(respondent));
      // Noted as the upkeep would, within its minute.
      else if (answerBy <= until) w.do({ type: 'NoteRespondentLate', now: new Date(Math.min(until, answerBy + 60_000)) }, null);
    };
    /** The admin decides at `at`, in round 1 or 2; a compensation approved and paid at once, or left to approve. */
    const decide = (at: number, by: string, resolve: boolean): void => {
      const round2 = w.state.round === 2;
      if (resolve) {
        let compensation = null;
        if (!round2 && rnd() < 0.35) {
          if (fields.paymentId) compensation = { method: 'refund' as const, amountCents: Math.max(100, Math.floor(fields.paymentAmountCents * (0.2 + rnd() * 0.8))), credits: 0 };
          else if (complainant.type !== 'customer') compensation = { method: 'credits' as const, amountCents: 0, credits: 10 + Math.floor(rnd() * 90) };
        }
        w.do(
          {
            type: 'ResolveCase',
            adminId: by,
            adminResponse: 'Abbiamo verificato quanto segnalato.',
            resolutionAction: compensation ? 'Indennizzo al reclamante.' : 'Richiamo all’altra parte.',
            compensation,
            now: new Date(at),
          },
          asAdmin(by),
        );
        if (compensation && rnd() < 0.8) {
          w.do({ type: 'ApproveCompensation', adminId: by, now: new Date(Math.min(end, at + 10 * 60_000)) }, asAdmin(by));
          w.do(
            {
              type: 'RecordCompensationPaid',
              reference: compensation.method === 'refund' ? `refund:${fields.paymentId}` : `credits:${randomUUID()}`,
              now: new Date(Math.min(end, at + 11 * 60_000)),
            },
            null,
          );
        }
      } else {
        w.do({ type: 'RejectCase', adminId: by, reason: 'Non risultano elementi a sostegno del reclamo.', now: new Date(at) }, asAdmin(by));
      }
    };
    const extras = (from: number, to: number): void => {
      if (rnd() < 0.3) w.do({ type: 'AddEvidence', by: asParty(complainant), file: evidence(), now: between(from, to) }, asParty(complainant));
      if (rnd() < 0.4) w.do({ type: 'PostMessage', by: asParty(complainant), text: pick(messages), internal: false, now: between(from, to) }, asParty(complainant));
    };

    let filed: number;
    switch (outcome) {
      case 'submitted': {
        // About half still within the first-response time, half already past it.
        filed = end - rnd() * 2 * sla;
        w.do({ type: 'FileCase', fields, now: new Date(filed) }, asParty(complainant));
        extras(filed, end);
        break;
      }
      case 'under_review': {
        filed = end - (HOUR + rnd() * 4 * DAY);
        w.do({ type: 'FileCase', fields, now: new Date(filed) }, asParty(complainant));
        const taken = filed + (end - filed) * (0.05 + rnd() * 0.6);
        extras(filed, taken);
        w.do({ type: 'TakeCase', adminId: admin, now: new Date(taken) }, asAdmin());
        if (rnd() < 0.3) w.do({ type: 'PostMessage', by: asAdmin(), text: 'Verificare con il negozio.', internal: true, now: between(taken, end) }, asAdmin());
        break;
      }
      case 'investigating': {
        filed = end - (2 * HOUR + rnd() * 7 * DAY);
        w.do({ type: 'FileCase', fields, now: new Date(filed) }, asParty(complainant));
        const age = end - filed;
        extras(filed, filed + age * 0.1);
        investigate(filed + age * 0.15, filed + age * 0.25, rnd() < 0.5, end);
        break;
      }
      case 'resolved':
      case 'rejected':
      case 'appealed': {
        // Decided in the past weeks (an appealed one within the 7 days before its appeal).
        const decided = outcome === 'appealed' ? end - (HOUR + rnd() * (APPEAL_WINDOW_MS - 2 * HOUR)) : end - (HOUR + rnd() * 45 * DAY);
        filed = decided - (6 * HOUR + rnd() * 10 * DAY);
        w.do({ type: 'FileCase', fields, now: new Date(filed) }, asParty(complainant));
        const age = decided - filed;
        extras(filed, filed + age * 0.1);
        if (rnd() < 0.5) investigate(filed + age * 0.15, filed + age * 0.2, rnd() < 0.8, decided);
        else w.do({ type: 'TakeCase', adminId: admin, now: new Date(filed + age * 0.15) }, asAdmin());
        // The first decision is the outcome asked for; an appealed one's either.
        decide(decided, admin, outcome === 'appealed' ? rnd() < 0.6 : outcome === 'resolved');
        if (outcome === 'appealed') {
          w.do(
            { type: 'Appeal', userId: complainant.userId, reason: 'Non sono d’accordo con la decisione.', now: between(decided, Math.min(end, decided + APPEAL_WINDOW_MS)) },
            asParty(complainant),
          );
        } else if (rnd() < 0.1 && decided + APPEAL_WINDOW_MS < end) {
          // Appealed and decided again by another admin, for good.
          const appealed = decided + rnd() * APPEAL_WINDOW_MS;
          w.do({ type: 'Appeal', userId: complainant.userId, reason: 'Chiedo un nuovo esame.', now: new Date(appealed) }, asParty(complainant));
          const other = parties.admins.find((a) => a !== admin)!;
          w.do({ type: 'TakeCase', adminId: other, now: new Date(Math.min(end, appealed + HOUR)) }, asAdmin(other));
          const final = new Date(Math.min(end, appealed + 2 * HOUR + rnd() * DAY));
          if (outcome === 'resolved')
            w.do(
              { type: 'ResolveCase', adminId: other, adminResponse: 'Confermiamo la decisione.', resolutionAction: 'Nessuna ulteriore azione.', compensation: null, now: final },
              asAdmin(other),
            );
          else w.do({ type: 'RejectCase', adminId: other, reason: 'Il ricorso non porta elementi nuovi.', now: final }, asAdmin(other));
        }
        break;
      }
    }
    if (w.state.status !== outcome) throw new Error(`seeded case ${id} ended ${w.state.status}, not ${outcome}`);
    events += w.events.length;
    return { streamId: caseStreamId(id), events: w.events };
  };

  const made = Array.from({ length: count }, oneCase);
  const batches: (typeof made)[] = [];
  for (let i = 0; i < made.length; i += 250) batches.push(made.slice(i, i + 250));
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        if (store.appendToStreams) await store.appendToStreams(batch.map((c) => ({ ...c, expectedRevision: 'no_stream' as const })));
        else for (const c of batch) await store.appendToStream(c.streamId, c.events, { expectedRevision: 'no_stream' });
        onProgress?.((done += batch.length), made.length);
      }
    }),
  );
  return { cases: count, events, byStatus, head: await store.headPosition() };
}

/** An evidence file's facts (its bytes are not read by the pages measured). */
export function evidence(name = 'foto.jpg'): { fileId: string; name: string; contentType: string; sizeBytes: number; sha256: string } {
  return { fileId: randomUUID(), name, contentType: 'image/jpeg', sizeBytes: 48_000 + Math.floor(Math.random() * 200_000), sha256: randomUUID().replace(/-/g, '').padEnd(64, '0') };
}

/**
 * One case with a long story, `length` events: filed by a shopkeeper against a collaborator,
 * taken, the collaborator asked, then messages of both parties and the admin (some internal),
 * files, answers, until it has them all. Its events as the decider writes them.
 */
export function longCase(fields: CaseFields, adminId: string, length: number, now = new Date()): NewEvent[] {
  const w = new CaseWriter();
  const { complainant, respondent } = fields;
  // One event every 20 minutes, the last one now.
  let t = now.getTime() - length * 20 * 60_000;
  const tick = () => new Date((t += 20 * 60_000));
  const party = (p: Party) => ({ userId: p.userId, role: p.type });
  const admin = { userId: adminId, role: 'admin' as const };
  w.do({ type: 'FileCase', fields, now: tick() }, party(complainant));
  w.do({ type: 'AddEvidence', by: party(complainant), file: evidence('scontrino.jpg'), now: tick() }, party(complainant));
  w.do({ type: 'TakeCase', adminId, now: tick() }, admin);
  w.do({ type: 'AskRespondent', adminId, question: 'Puoi spiegare cosa è successo durante la sessione?', now: tick() }, admin);
  for (let i = 0; w.events.length < length; i++) {
    const now = tick();
    switch (i % 8) {
      case 0:
      case 4:
        w.do({ type: 'PostMessage', by: party(complainant), text: `${messages[i % messages.length]} (${i + 1})`, internal: false, now }, party(complainant));
        break;
      case 1:
        w.do({ type: 'Respond', userId: respondent.userId, text: `${answers[i % answers.length]} (${i + 1})`, now }, party(respondent));
        break;
      case 2:
        w.do({ type: 'PostMessage', by: admin, text: `Nota per il collega: verificare il punto ${i + 1}.`, internal: true, now }, admin);
        break;
      case 3:
        if (w.state.evidence < 20)
          w.do(
            { type: 'AddEvidence', by: party(i % 16 === 3 ? respondent : complainant), file: evidence(`prova-${i + 1}.jpg`), now },
            party(i % 16 === 3 ? respondent : complainant),
          );
        else w.do({ type: 'PostMessage', by: party(respondent), text: `Aggiungo un dettaglio (${i + 1}).`, internal: false, now }, party(respondent));
        break;
      case 5:
        w.do({ type: 'PostMessage', by: party(respondent), text: `${answers[i % answers.length]} (${i + 1})`, internal: false, now }, party(respondent));
        break;
      default:
        w.do({ type: 'PostMessage', by: admin, text: `Grazie, stiamo verificando (${i + 1}).`, internal: false, now }, admin);
    }
  }
  return w.events;
}
