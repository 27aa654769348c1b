import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { AiCallEvent } from './ai-call.js';
import type { AiFunctionCostEvent } from './function-cost.js';

const costIdOf = (streamId: string) => streamId.slice('ai-function-cost-'.length);
const callIdOf = (streamId: string) => streamId.slice('ai-call-'.length);

/** The `ai_function_costs` read model: the admin's table, which the calls read their cost from. */
export const aiFunctionCostsProjection: Projection = {
  name: 'ai-function-costs',
  title: 'Costi delle funzioni AI',
  version: 1,
  tables: ['ai_function_costs'],
  apply: byEventType<AiFunctionCostEvent>({
    AiFunctionCostCreated: async (event, tx) => {
      const f = event.data.fields;
      await tx.query(
        `INSERT INTO ai_function_costs (id, function_name, credits_cost, description, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (id) DO NOTHING`,
        [event.data.id, f.functionName, f.creditsCost, f.description, event.metadata.at],
      );
    },
    AiFunctionCostChanged: async (event, tx) => {
      const { creditsCost, description } = event.data.changes;
      await tx.query(`UPDATE ai_function_costs SET credits_cost = COALESCE($2, credits_cost), description = COALESCE($3, description), updated_at = $4 WHERE id = $1`, [
        costIdOf(event.streamId),
        creditsCost ?? null,
        description ?? null,
        event.metadata.at,
      ]);
    },
    AiFunctionCostDeleted: async (event, tx) => {
      await tx.query('DELETE FROM ai_function_costs WHERE id = $1', [costIdOf(event.streamId)]);
    },
  }),
};

/** The `ai_calls` read model: each call, how it ended and whether its credits are settled. */
export const aiCallsProjection: Projection = {
  name: 'ai-calls',
  title: 'Richieste all’AI',
  version: 1,
  tables: ['ai_calls'],
  apply: byEventType<AiCallEvent>({
    AiCallStarted: async (event, tx) => {
      const d = event.data;
      await tx.query(
        `INSERT INTO ai_calls (id, user_id, function_name, status, credits, started_at, deadline)
         VALUES ($1, $2, $3, 'started', $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [d.callId, d.userId, d.functionName, d.credits, event.metadata.at, d.deadline],
      );
    },
    AiCallAnswered: async (event, tx) => {
      await tx.query(`UPDATE ai_calls SET status = 'answered', finished_at = $2 WHERE id = $1`, [callIdOf(event.streamId), event.metadata.at]);
    },
    AiCallFailed: async (event, tx) => {
      await tx.query(`UPDATE ai_calls SET status = 'failed', finished_at = $2 WHERE id = $1`, [callIdOf(event.streamId), event.metadata.at]);
    },
    AiCallSettled: async (event, tx) => {
      await tx.query('UPDATE ai_calls SET settled = true WHERE id = $1', [callIdOf(event.streamId)]);
    },
  }),
};
