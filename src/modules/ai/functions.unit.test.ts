import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { aiCallDecider, type AiCallEvent } from './ai-call.js';
import { aiFunctionNames, MalformedAnswer, promptOf, resultOf } from './functions.js';
import { aiFunctionLabels } from './function-names.js';

describe('reading the model’s answer', () => {
  it('takes a text as it is, trimmed; an empty one is no answer', () => {
    expect(resultOf('shop-description', '  Un negozio.\n')).toEqual({ text: 'Un negozio.' });
    expect(() => resultOf('product-description', '  ')).toThrow(MalformedAnswer);
    expect(() => resultOf('product-description', null)).toThrow(MalformedAnswer);
  });

  it('reads category and tags from JSON, fenced or not, tags in lower case once each; anything else is malformed', () => {
    expect(resultOf('product-category', '```json\n{"category":"Casa","tags":["Legno","legno","cucina"]}\n```')).toEqual({
      text: 'Casa: legno, cucina',
      category: 'Casa',
      tags: ['legno', 'cucina'],
    });
    for (const bad of ['Casa', '{"category":"Casa"}', '{"category":"","tags":[]}', '["Casa"]', '{"category":"Casa","tags":"a"}']) {
      expect(() => resultOf('product-category', bad), bad).toThrow(MalformedAnswer);
    }
  });

  it('reads a price rounded to cents, with its reason', () => {
    expect(resultOf('price-suggestion', '{"price": "3.456", "reason": "Nella media."}')).toEqual({ text: 'Nella media.', suggestedPrice: 3.46 });
    expect(() => resultOf('price-suggestion', '{"price": -1, "reason": "x"}')).toThrow(MalformedAnswer);
  });

  it('asks in Italian, with what the shopkeeper gave', () => {
    const prompt = promptOf('review-reply', { kind: 'complaint', text: 'Pane raffermo', rating: 2 });
    expect(prompt.system).toContain('reclamo');
    expect(prompt.user).toBe('Valutazione: 2 su 5\nReclamo del cliente: Pane raffermo');
  });
});

describe('an AI call', () => {
  const spec = deciderSpec(aiCallDecider);
  const started: AiCallEvent = {
    type: 'AiCallStarted',
    data: { callId: 'c', userId: 'u', functionName: 'shop-description', inputHash: 'h', credits: 1, deadline: '2030-01-01T00:00:00.000Z' },
  };

  it('starts once, ends once (the first end wins) and is settled once', () => {
    spec
      .given([started])
      .when({ type: 'StartAiCall', ...started.data })
      .thenNothing();
    const failed: AiCallEvent = { type: 'AiCallFailed', data: { failure: { status: 502, message: 'No' }, reason: 'r' } };
    spec
      .given([started])
      .when({ type: 'FailAiCall', failure: { status: 502, message: 'No' }, reason: 'r' })
      .then([failed]);
    spec
      .given([started, failed])
      .when({ type: 'AnswerAiCall', result: { text: 'tardi' } })
      .thenNothing();
    spec.given([started]).when({ type: 'SettleAiCall' }).thenNothing();
    spec
      .given([started, failed])
      .when({ type: 'SettleAiCall' })
      .then([{ type: 'AiCallSettled', data: {} }]);
    spec
      .given([started, failed, { type: 'AiCallSettled', data: {} }])
      .when({ type: 'SettleAiCall' })
      .thenNothing();
  });
});

describe('the functions’ Italian names', () => {
  it('names every function', () => {
    expect(aiFunctionNames.filter((name) => !aiFunctionLabels[name])).toEqual([]);
  });
});
