import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { aiCallDecider, type AiCallCommand } from './ai-call.js';

const start: AiCallCommand = {
  type: 'StartAiCall',
  callId: 'c1',
  userId: 'u1',
  functionName: 'price-suggestion',
  inputHash: 'h',
  credits: 2,
  deadline: '2026-11-28T10:02:00.000Z',
};

describe('an AI call', () => {
  it('starts with whole credits and a deadline the read model can store', () => {
    const { type: _, ...data } = start;
    deciderSpec(aiCallDecider)
      .given([])
      .when(start)
      .then([{ type: 'AiCallStarted', data }]);
    deciderSpec(aiCallDecider)
      .given([])
      .when({ ...start, credits: 1.5 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Crediti: un numero intero da 0 a 1000000.' });
    deciderSpec(aiCallDecider)
      .given([])
      .when({ ...start, deadline: '0000-12-31T23:59:59.999Z' })
      .thenThrows(DomainError, { kind: 'rule', message: 'Scadenza della chiamata: data e ora non valide.' });
  });
});
