import { z } from 'zod';
import { column, sql } from '../../platform/db/read.js';
import type { ReadList } from '../../platform/db/read-page.js';
import { creditMovement } from './contract.js';

const movementRow = creditMovement.omit({ relatedEntity: true, id: true }).extend({ id: column.uuid, relatedType: z.string().nullable(), relatedId: z.string().nullable() });

/** A movement as the API answers it. */
export const movementOf = ({ relatedType, relatedId, ...m }: z.output<typeof movementRow>) => ({
  ...m,
  relatedEntity: relatedType && relatedId ? { type: relatedType, id: relatedId } : null,
});

/** A user's movements, newest first. */
export const movementsOf = (userId: string): ReadList<typeof movementRow> => ({
  row: movementRow,
  select: sql.fragment`id, kind, credits, action, description, related_type AS "relatedType", related_id AS "relatedId", at`,
  from: sql.fragment`credit_movements WHERE user_id = ${userId}`,
  order: sql.fragment`at DESC, id`,
});
