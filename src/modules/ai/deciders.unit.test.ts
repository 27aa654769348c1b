import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { aiCallDecider, type AiCallCommand } from './ai-call.js';
import { aiFunctionCostDecider } from './function-cost.js';

const start: AiCallCommand = { type: 'StartAiCall', callId: 'c1', userId: 'u1', functionName: 'price-suggestion', inputHash: 'h', credits: 2, deadline: '2026-11-28T10:02:00.000Z' };

describe('an AI call', () => {
  it('starts with whole credits and a deadline the read model can store', () => {
    const { type: _, ...data } = start;
    deciderSpec(aiCallDecider).given([]).when(start).then([{ type: 'AiCallStarted', data }]);
    deciderSpec(aiCallDecider).given([]).when({ ...start, credits: 1.5 }).thenThrows(DomainError, { kind: 'rule', message: 'Crediti: un numero intero da 0 a 1000000.' });
    deciderSpec(aiCallDecider).given([]).when({ ...start, deadline: '0000-12-31T23:59:59.999Z' }).thenThrows(DomainError, { kind: 'rule', message: 'Scadenza della chiamata: data e ora non valide.' });
  });
});

describe('an AI function’s cost', () => {
  const fields = { functionName: 'price-suggestion', creditsCost: 2, description: 'Suggerisce un prezzo' };
  it('names a function as its address does (at most 50 characters) and costs whole credits from 0 to 1000', () => {
    const spec = deciderSpec(aiFunctionCostDecider);
    spec.given([]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields }).then([{ type: 'AiFunctionCostCreated', data: { id: 'f1', fields } }]);
    const name = 'Nome della funzione: lettere minuscole, cifre e trattini, al massimo 50 caratteri.';
    spec.given([]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, functionName: 'a'.repeat(51) } }).thenThrows(DomainError, { kind: 'rule', message: name });
    spec.given([]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, functionName: '🇮🇹' } }).thenThrows(DomainError, { kind: 'rule', message: name });
    const cost = 'Costo in crediti: un numero intero da 0 a 1000.';
    spec.given([]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, creditsCost: 2 ** 31 } }).thenThrows(DomainError, { kind: 'rule', message: cost });
    spec.given([{ type: 'AiFunctionCostCreated', data: { id: 'f1', fields } }]).when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 0.5 } }).thenThrows(DomainError, { kind: 'rule', message: cost });
  });
});
