import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { aiCallDecider, aiCallStreamId } from './ai-call.js';
import { aiFunctionCostDecider, aiFunctionCostStreamId } from './function-cost.js';
import { aiCallsProjection, aiFunctionCostsProjection } from './projection.js';

describe('ai-function-costs projection', () => {
  const spec = useProjection(aiFunctionCostsProjection);
  const log = new EventLog();

  it('keeps each cost as created and changed, and forgets a deleted one', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await spec.apply([
      ...log.decide(aiFunctionCostStreamId(a), aiFunctionCostDecider, {
        type: 'CreateAiFunctionCost',
        id: a,
        fields: { functionName: 'review-reply', creditsCost: 1, description: 'Risposte' },
      }),
      ...log.decide(aiFunctionCostStreamId(b), aiFunctionCostDecider, {
        type: 'CreateAiFunctionCost',
        id: b,
        fields: { functionName: 'shop-description', creditsCost: 1, description: 'Negozio' },
      }),
      ...log.decide(aiFunctionCostStreamId(a), aiFunctionCostDecider, { type: 'ChangeAiFunctionCost', changes: { creditsCost: 0 } }),
      ...log.decide(aiFunctionCostStreamId(b), aiFunctionCostDecider, { type: 'DeleteAiFunctionCost' }),
    ]);
    expect(await spec.rows('SELECT id, function_name, credits_cost, description FROM ai_function_costs')).toEqual([
      { id: a, function_name: 'review-reply', credits_cost: 0, description: 'Risposte' },
    ]);
  });
});

describe('ai-calls projection', () => {
  const spec = useProjection(aiCallsProjection);
  const log = new EventLog();

  it('follows each call from its start to its end and its settling', async () => {
    const [answered, failed, open] = [randomUUID(), randomUUID(), randomUUID()];
    const userId = randomUUID();
    const start = (callId: string) =>
      log.decide(aiCallStreamId(callId), aiCallDecider, {
        type: 'StartAiCall',
        callId,
        userId,
        functionName: 'product-description',
        inputHash: 'h',
        credits: 1,
        deadline: '2030-01-01T00:00:00.000Z',
      });
    await spec.apply([
      ...start(answered),
      ...start(failed),
      ...start(open),
      ...log.decide(aiCallStreamId(answered), aiCallDecider, { type: 'AnswerAiCall', result: { text: 'Ciao' } }),
      ...log.decide(aiCallStreamId(answered), aiCallDecider, { type: 'SettleAiCall' }),
      ...log.decide(aiCallStreamId(failed), aiCallDecider, { type: 'FailAiCall', failure: { status: 502, message: 'No' }, reason: 'Crediti restituiti' }),
    ]);
    const rows = await spec.rows('SELECT id, status, settled, credits, deadline IS NOT NULL AS has_deadline, finished_at IS NOT NULL AS finished FROM ai_calls ORDER BY status');
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: answered, status: 'answered', settled: true, credits: 1, has_deadline: true, finished: true },
        { id: failed, status: 'failed', settled: false, credits: 1, has_deadline: true, finished: true },
        { id: open, status: 'started', settled: false, credits: 1, has_deadline: true, finished: false },
      ]),
    );
  });
});
