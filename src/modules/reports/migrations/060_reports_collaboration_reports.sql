-- Collaboration reports (issue [14], spec §3 collaboration_reports): the read model of the
-- report-<id> streams. The refund of a resolution is the payments' (payment_transactions): its
-- status is read there, by the payment and the refund's key.
CREATE TABLE collaboration_reports (
  id                  uuid PRIMARY KEY,
  assignment_id       uuid NOT NULL,
  reported_by_user_id uuid NOT NULL,
  reporter_role       text NOT NULL CHECK (reporter_role IN ('shopkeeper', 'collaborator')),
  shopkeeper_id       uuid NOT NULL,
  collaborator_id     uuid NOT NULL,
  store_name          text NOT NULL,
  report_type         text NOT NULL CHECK (report_type IN ('quality_issue', 'payment_dispute', 'communication_problem', 'code_misuse', 'other')),
  title               text NOT NULL,
  description         text NOT NULL,
  severity            text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  status              text NOT NULL CHECK (status IN ('open', 'investigating', 'resolved', 'closed')),
  admin_response      text,
  admin_user_id       uuid,
  resolution_action   text,
  refund_amount_cents bigint,
  payment_id          uuid,
  refund_key          text,
  created_at          timestamptz NOT NULL,
  investigated_at     timestamptz,
  resolved_at         timestamptz,
  closed_at           timestamptz,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX collaboration_reports_created ON collaboration_reports (created_at DESC);
CREATE INDEX collaboration_reports_status ON collaboration_reports (status, created_at DESC);
CREATE INDEX collaboration_reports_shopkeeper ON collaboration_reports (shopkeeper_id, created_at DESC);
CREATE INDEX collaboration_reports_collaborator ON collaboration_reports (collaborator_id, created_at DESC);
CREATE INDEX collaboration_reports_assignment ON collaboration_reports (assignment_id);
-- A report's refund is paid when the payments' read model has its refund row (metadata.refundKey).
CREATE INDEX payment_transactions_refund_key ON payment_transactions ((metadata ->> 'refundKey')) WHERE transaction_type = 'refund';
