-- The admins' complaints list filtered by status and sorted by due time (issue [14]'s benchmark:
-- 50,000 cases, p95 ≤ 30 ms). The list filters with `status = ANY (…)`, which the planner does not
-- treat as an equality, so complaints_status_due (status, due_at, id) gave no order by due time: it
-- walked complaints_due from the top, skipping every case of another status (25,000 rows before the
-- first decided case, whose due_at is null). One index a status, on (due_at, id): the planner proves
-- that `status = ANY ('{investigating}')` matches its predicate and reads the page in order. A case
-- is in one status, so an update writes one of them, as it wrote the index they replace.
DROP INDEX complaints_status_due;
CREATE INDEX complaints_submitted_due ON complaints (due_at, id) WHERE status = 'submitted';
CREATE INDEX complaints_under_review_due ON complaints (due_at, id) WHERE status = 'under_review';
CREATE INDEX complaints_investigating_due ON complaints (due_at, id) WHERE status = 'investigating';
CREATE INDEX complaints_resolved_due ON complaints (due_at, id) WHERE status = 'resolved';
CREATE INDEX complaints_rejected_due ON complaints (due_at, id) WHERE status = 'rejected';
CREATE INDEX complaints_appealed_due ON complaints (due_at, id) WHERE status = 'appealed';
