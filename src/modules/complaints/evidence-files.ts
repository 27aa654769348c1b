import type { Pool } from '../../platform/db/pool.js';

/**
 * The evidence files' bytes: kept in complaint_files under a new id before the case's event that
 * tells of them (the event carries the file's facts, never its bytes); read back by the case's
 * parties and admins only (queries.ts evidenceFileOf).
 */
export async function keepEvidenceFile(pool: Pool, file: { id: string; caseId: string; contentType: string; sha256: string; body: Buffer }): Promise<void> {
  await pool.query('INSERT INTO complaint_files (id, case_id, content_type, size_bytes, sha256, body) VALUES ($1, $2, $3, $4, $5, $6)', [
    file.id,
    file.caseId,
    file.contentType,
    file.body.length,
    file.sha256,
    file.body,
  ]);
}
