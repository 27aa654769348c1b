import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import type { ListResource } from '../../platform/http/admin-rest.js';
import { aiFunctionCost } from './contract.js';
import { DEFAULT_AI_FUNCTION_COST } from './function-cost.js';

export const aiFunctionCostsResource: ListResource = {
  name: 'ai-function-costs',
  from: 'ai_function_costs c',
  select: `c.id, c.function_name AS "functionName", c.credits_cost AS "creditsCost", c.description, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`,
  id: 'c.id',
  sortable: { id: 'c.id', functionName: 'c.function_name', creditsCost: 'c.credits_cost', updatedAt: 'c.updated_at' },
  defaultOrder: 'c.function_name',
  filters: {},
  notFound: 'Costo della funzione AI non trovato.',
  row: aiFunctionCost,
};

const costCell = z.object({ cost: z.number() });

/** What a function costs now: the admin's row, or spec §9's 1 credit without one. */
export async function costOf(db: ReadDb, functionName: string): Promise<number> {
  const cost = await db.maybeOneFirst(sql.type(costCell)`SELECT credits_cost AS cost FROM ai_function_costs WHERE function_name = ${functionName}`);
  return cost ?? DEFAULT_AI_FUNCTION_COST;
}

const costRow = z.object({ functionName: z.string(), creditsCost: z.number(), description: z.string() });

/** Every row of the admin's table, by name. */
export const functionCosts = (db: ReadDb) =>
  db.any(sql.type(costRow)`SELECT function_name AS "functionName", credits_cost AS "creditsCost", description FROM ai_function_costs ORDER BY function_name`);

const openCall = z.object({ id: column.uuid, userId: column.uuid });

/** Calls whose credits are not settled: ended ones, and those still started past their deadline (their process died). */
export const unsettledCalls = (db: ReadDb, now: Date) =>
  db.any(sql.type(openCall)`
    SELECT id, user_id AS "userId" FROM ai_calls
    WHERE NOT settled AND (status <> 'started' OR deadline < ${now.toISOString()})
    ORDER BY deadline LIMIT 500`);
