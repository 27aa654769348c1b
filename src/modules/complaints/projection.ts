import type pg from 'pg';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { CaseEvent } from './case.js';
import { urgencies } from './labels.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('complaint-'.length);

/*
 * due_at: what the case waits for next and by when: the admin's first response (submitted,
 * appealed: first_response_due_at), the decision (under_review: 48 hours after it was taken;
 * investigating: 48 hours after the other party's answer, or the answer's deadline until then),
 * nothing once decided. Each event that moves it sets it in its own UPDATE, from the values it
 * writes (a SET reads the row as it was): one row version an event, not two.
 */

/**
 * An event's change to its case, once: its row in the story goes first, and an event already
 * there (a batch applied again) changes nothing.
 */
async function change(event: RecordedEvent, tx: pg.ClientBase, set: string, values: unknown[], forParties = true): Promise<boolean> {
  if (!(await remember(event, tx, forParties))) return false;
  await tx.query(`UPDATE complaints SET ${set ? `${set}, ` : ''}events_count = events_count + 1, updated_at = $2 WHERE id = $1`, [idOf(event), event.metadata.at, ...values]);
  return true;
}

/** The case's story, one row an event, with who did it; false when the event was there already. */
async function remember(event: RecordedEvent, tx: pg.ClientBase, forParties: boolean): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO complaint_timeline (case_id, revision, type, actor_id, actor_role, at, data, for_parties)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [idOf(event), event.revision, event.type, event.metadata.actorUserId, event.metadata.actorRole, event.metadata.at, JSON.stringify(event.data), forParties],
  );
  return rowCount === 1;
}

/** complaints, complaint_timeline, complaint_evidence: a case, its story, its files. */
export const complaintsProjection: Projection = {
  name: 'complaints',
  title: 'Reclami e contestazioni',
  version: 1,
  tables: ['complaints', 'complaint_timeline', 'complaint_evidence'],
  apply: byEventType<CaseEvent>({
    CaseFiled: async (event, tx) => {
      const c = event.data;
      await tx.query(
        `INSERT INTO complaints (id, kind, session_id, assignment_id, order_id, store_id, store_name, complainant_id, complainant_type, complainant_name,
           respondent_id, respondent_type, respondent_name, complaint_type, title, description, severity, urgency, urgency_rank, witness_contacts, status,
           first_response_due_at, payment_id, submitted_at, due_at, events_count, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'submitted', $21, $22, $23, $21, 1, $23)
         ON CONFLICT (id) DO NOTHING`,
        [
          c.caseId,
          c.kind,
          c.sessionId,
          c.assignmentId,
          c.orderId,
          c.storeId,
          c.storeName,
          c.complainant.userId,
          c.complainant.type,
          c.complainant.name,
          c.respondent.userId,
          c.respondent.type,
          c.respondent.name,
          c.complaintType,
          c.title,
          c.description,
          c.severity,
          c.urgency,
          urgencies.indexOf(c.urgency),
          JSON.stringify(c.witnessContacts),
          c.firstResponseDueAt,
          c.paymentId,
          c.submittedAt,
        ],
      );
      await remember(event, tx, true);
    },
    CaseEvidenceAdded: async (event, tx) => {
      const f = event.data;
      if (!(await change(event, tx, 'evidence_count = evidence_count + 1', []))) return;
      await tx.query(
        `INSERT INTO complaint_evidence (id, case_id, added_by, added_by_role, name, content_type, size_bytes, sha256, added_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [f.fileId, idOf(event), f.byUserId, f.byRole, f.name, f.contentType, f.sizeBytes, f.sha256, f.addedAt],
      );
    },
    CaseMessagePosted: (event, tx) => change(event, tx, '', [], !event.data.internal),
    CaseTaken: (event, tx) =>
      change(
        event,
        tx,
        `status = CASE WHEN status = 'investigating' THEN status ELSE 'under_review' END, assigned_admin_id = $3, review_started_at = $4,
         first_response_at = coalesce(first_response_at, $4), first_response_late = first_response_late OR (first_response_at IS NULL AND $5),
         due_at = CASE WHEN status = 'investigating' THEN due_at ELSE $4::timestamptz + interval '48 hours' END`,
        [event.data.adminId, event.data.reviewStartedAt, event.data.firstResponseLate],
      ),
    CaseRespondentAsked: (event, tx) =>
      change(event, tx, `status = 'investigating', respondent_asked_at = $3, respondent_answer_by = $4, respondent_answered_at = NULL, due_at = $4`, [
        event.data.askedAt,
        event.data.answerBy,
      ]),
    CaseRespondentAnswered: (event, tx) =>
      change(
        event,
        tx,
        `respondent_answered_at = coalesce(respondent_answered_at, $3),
         due_at = CASE WHEN status = 'investigating' THEN coalesce(respondent_answered_at, $3::timestamptz) + interval '48 hours' ELSE due_at END`,
        [event.data.answeredAt],
      ),
    CaseRespondentLate: (event, tx) => change(event, tx, '', []),
    CaseResolved: (event, tx) => {
      const d = event.data;
      return change(
        event,
        tx,
        `status = 'resolved', admin_response = $3, resolution_action = $4, compensation_method = $5, compensation_cents = $6, compensation_credits = $7,
         compensation_status = $8, decided_at = $9, resolved_at = $9, appeal_by = $10, due_at = NULL`,
        [
          d.adminResponse,
          d.resolutionAction,
          d.compensation?.method ?? null,
          d.compensation?.amountCents ?? 0,
          d.compensation?.credits ?? 0,
          d.compensationStatus,
          d.resolvedAt,
          d.appealBy,
        ],
      );
    },
    CaseRejected: (event, tx) =>
      change(
        event,
        tx,
        `status = 'rejected', rejection_reason = $3, decided_at = $4, appeal_by = $5, due_at = NULL,
         compensation_method = CASE WHEN compensation_status = 'pending' THEN NULL ELSE compensation_method END,
         compensation_cents = CASE WHEN compensation_status = 'pending' THEN 0 ELSE compensation_cents END,
         compensation_credits = CASE WHEN compensation_status = 'pending' THEN 0 ELSE compensation_credits END,
         compensation_status = CASE WHEN compensation_status = 'pending' THEN 'none' ELSE compensation_status END`,
        [event.data.reason, event.data.rejectedAt, event.data.appealBy],
      ),
    CaseCompensationApproved: (event, tx) => change(event, tx, `compensation_status = 'approved'`, []),
    CaseCompensationPaid: (event, tx) => change(event, tx, `compensation_status = 'paid', compensation_reference = $3`, [event.data.reference]),
    CaseAppealed: (event, tx) =>
      change(
        event,
        tx,
        `status = 'appealed', round = 2, appeal_reason = $3, appealed_at = $4, first_response_due_at = $5, first_response_at = NULL,
         first_response_late = false, assigned_admin_id = NULL, appeal_by = NULL, due_at = $5`,
        [event.data.reason, event.data.appealedAt, event.data.firstResponseDueAt],
      ),
  }),
};
