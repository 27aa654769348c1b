import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { caseDecider, caseStreamId, type CaseCommand, type CaseEvent, type CaseFields, type CaseState } from './case.js';
import { aNewSetting, complaintFields } from './case-fixtures.js';
import { complaintsProjection } from './projection.js';

const HOUR = 3_600_000;
const t0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (hours: number) => new Date(t0 + hours * HOUR);
const iso = (hours: number) => at(hours).toISOString();

/** A "high" complaint not paid online, in a shop of its own. */
const fields = (): CaseFields => complaintFields(randomUUID(), aNewSetting(), { witnessContacts: [], paymentId: null, paymentAmountCents: 0 });

const columns = `SELECT status, round, due_at, events_count, evidence_count, assigned_admin_id, respondent_answered_at, appeal_by IS NOT NULL AS appealable
  FROM complaints WHERE id = $1`;

describe('complaints projection: what is due next', () => {
  const spec = useProjection(complaintsProjection);
  const log = new EventLog();

  it('keeps what the case is due next as it moves (first response, decision, answer, none once decided, the appeal); its story in order, internal notes for admins only; filed again, nothing changes', async () => {
    const f = fields();
    const [admin, other] = [randomUUID(), randomUUID()];
    let state: CaseState = caseDecider.initialState;
    const all: ReturnType<typeof log.record<CaseEvent>> = [];
    /** The command decided as the case stands, its events applied; the case's row after it. */
    const step = async (command: CaseCommand, actor: string | null) => {
      const decided = caseDecider.decide(command, state);
      state = decided.reduce(caseDecider.evolve, state);
      const events = log.record<CaseEvent>(caseStreamId(f.caseId), decided, { at: command.now.toISOString(), actorUserId: actor });
      all.push(...events);
      await spec.apply(events);
      const [row] = await spec.rows<{ status: string; due_at: Date | null }>(columns, [f.caseId]);
      return { ...row, due_at: row!.due_at ? new Date(row!.due_at).toISOString() : null };
    };

    // A "high" case is due its first response in 4 hours; a file does not move it.
    expect(await step({ type: 'FileCase', fields: f, now: at(0) }, f.complainant.userId)).toMatchObject({ status: 'submitted', due_at: iso(4), events_count: 1 });
    const file = { fileId: randomUUID(), name: 'foto.jpg', contentType: 'image/jpeg', sizeBytes: 10, sha256: 'a'.repeat(64) };
    expect(await step({ type: 'AddEvidence', by: { userId: f.complainant.userId, role: 'shopkeeper' }, file, now: at(1) }, f.complainant.userId)).toMatchObject({
      status: 'submitted',
      due_at: iso(4),
      evidence_count: 1,
      events_count: 2,
    });
    // Taken: decided within 48 hours; asked: the other party's 3 days; a note does not move it.
    expect(await step({ type: 'TakeCase', adminId: admin, now: at(2) }, admin)).toMatchObject({ status: 'under_review', due_at: iso(50), assigned_admin_id: admin });
    expect(await step({ type: 'AskRespondent', adminId: admin, question: 'Cosa è successo?', now: at(3) }, admin)).toMatchObject({ status: 'investigating', due_at: iso(75) });
    expect(await step({ type: 'PostMessage', by: { userId: admin, role: 'admin' }, text: 'Verificare.', internal: true, now: at(4) }, admin)).toMatchObject({ due_at: iso(75) });
    // Answered: decided within 48 hours of the answer; a second answer does not move it, nor another admin taking it over.
    expect(await step({ type: 'Respond', userId: f.respondent.userId, text: 'Ho seguito il listino.', now: at(5) }, f.respondent.userId)).toMatchObject({
      status: 'investigating',
      due_at: iso(53),
    });
    expect(await step({ type: 'Respond', userId: f.respondent.userId, text: 'Aggiungo.', now: at(6) }, f.respondent.userId)).toMatchObject({ due_at: iso(53) });
    expect(await step({ type: 'TakeCase', adminId: other, now: at(7) }, other)).toMatchObject({ status: 'investigating', due_at: iso(53), assigned_admin_id: other });
    // Decided: nothing due; appealed: the first response again; decided for good.
    expect(await step({ type: 'ResolveCase', adminId: other, adminResponse: 'Verificato.', resolutionAction: 'Richiamo.', compensation: null, now: at(8) }, other)).toMatchObject({
      status: 'resolved',
      due_at: null,
      appealable: true,
    });
    expect(await step({ type: 'Appeal', userId: f.complainant.userId, reason: 'Non basta.', now: at(9) }, f.complainant.userId)).toMatchObject({
      status: 'appealed',
      round: 2,
      due_at: iso(13),
    });
    expect(await step({ type: 'TakeCase', adminId: admin, now: at(10) }, admin)).toMatchObject({ status: 'under_review', due_at: iso(58) });
    const final = await step({ type: 'RejectCase', adminId: admin, reason: 'Decisione confermata.', now: at(11) }, admin);
    expect(final).toMatchObject({ status: 'rejected', due_at: null, appealable: false, events_count: 12 });

    const story = await spec.rows<{ revision: number; type: string; for_parties: boolean }>(
      'SELECT revision, type, for_parties FROM complaint_timeline WHERE case_id = $1 ORDER BY revision',
      [f.caseId],
    );
    expect(story.map((e) => e.type)).toEqual(all.map((e) => e.type));
    expect(story.filter((e) => !e.for_parties).map((e) => e.type)).toEqual(['CaseMessagePosted']);
    expect(await spec.rows('SELECT name FROM complaint_evidence WHERE case_id = $1', [f.caseId])).toEqual([{ name: 'foto.jpg' }]);

    // Filed again (the same event): nothing changes.
    const before = await spec.rows(columns, [f.caseId]);
    await spec.apply(all.slice(0, 1));
    expect(await spec.rows(columns, [f.caseId])).toEqual(before);
    expect(await spec.rows('SELECT count(*)::int AS n FROM complaint_timeline WHERE case_id = $1', [f.caseId])).toEqual([{ n: 12 }]);
  });
});
