import type { Pool } from '../../../src/platform/db/pool.js';
import { DomainError } from '../../../src/platform/domain/errors.js';

/** A tally as its read model has it. */
export async function tallyOf(pool: Pool, id: string): Promise<{ id: string; total: number }> {
  const { rows } = await pool.query<{ id: string; total: number }>('SELECT id, total FROM toy_tallies WHERE id = $1', [id]);
  if (!rows[0]) throw new DomainError('Contatore non trovato.', 'not-found');
  return rows[0];
}
