import { randomUUID } from 'node:crypto';
import { later, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { aiCallDecider, aiCallStreamId, type AiCallCommand } from './ai-call.js';
import { aiFunctionCostDecider, aiFunctionCostStreamId, type AiFunctionCostCommand } from './function-cost.js';

const call = randomUUID();
const cost = randomUUID();
const start: AiCallCommand = {
  type: 'StartAiCall',
  callId: call,
  userId: worldIds.shopkeeper,
  functionName: 'price-suggestion',
  inputHash: 'a3f5c1d2e4b6',
  credits: 2,
  deadline: later(120_000).toISOString(),
};

export const scenarios = [
  scenario<AiCallCommand>('AI calls', aiCallStreamId(randomUUID()), aiCallDecider, [], [{ ...start, callId: randomUUID() }]),
  scenario<AiCallCommand>(
    'AI calls answered or failed',
    aiCallStreamId(call),
    aiCallDecider,
    [start],
    [
      { type: 'AnswerAiCall', result: { text: 'Prezzo consigliato: 4,50 €', suggestedPrice: 4.5, category: 'panetteria', tags: ['pane', 'forno'] } },
      { type: 'FailAiCall', failure: { status: 502, message: 'Il modello non risponde' }, reason: 'Errore del fornitore' },
      { type: 'SettleAiCall' },
    ],
  ),
  scenario<AiFunctionCostCommand>(
    'AI function costs',
    aiFunctionCostStreamId(cost),
    aiFunctionCostDecider,
    [],
    [
      { type: 'CreateAiFunctionCost', id: cost, fields: { functionName: 'price-suggestion', creditsCost: 2, description: 'Suggerisce un prezzo' } },
      { type: 'ChangeAiFunctionCost', changes: { creditsCost: 3, description: 'Un prezzo suggerito' } },
      { type: 'DeleteAiFunctionCost' },
    ],
  ),
];
