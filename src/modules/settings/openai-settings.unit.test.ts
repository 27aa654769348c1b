import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { defaultOpenAiSettings, openAiSettingsDecider as decider, type OpenAiSettingsEvent } from './openai-settings.js';

const spec = deciderSpec(decider);
const keyGiven: OpenAiSettingsEvent = { type: 'OpenAiSettingsUpdated', data: { changes: { apiKey: 'sk-proj-chiave-di-prova-1234' } } };
const switchedOn: OpenAiSettingsEvent = { type: 'OpenAiSettingsUpdated', data: { changes: { isEnabled: true } } };
const needsKey = 'Per attivare OpenAI serve una chiave API.';

describe('OpenAI settings decider', () => {
  it('starts switched off, with no key', () => {
    expect(defaultOpenAiSettings).toMatchObject({ isEnabled: false, apiKey: null });
  });

  it('records only the fields that change', () => {
    spec
      .given([keyGiven])
      .when({ type: 'UpdateOpenAiSettings', changes: { model: 'gpt-4o-mini', temperature: 0.2 } })
      .then([{ type: 'OpenAiSettingsUpdated', data: { changes: { temperature: 0.2 } } }]);
    spec
      .given([keyGiven])
      .when({ type: 'UpdateOpenAiSettings', changes: { maxTokens: 1000 } })
      .thenNothing();
  });

  it('switches on only with a key, given before or in the same change', () => {
    spec
      .given([])
      .when({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true } })
      .thenThrows(DomainError, {
        message: needsKey,
        kind: 'rule',
        errors: { apiKey: needsKey },
      });
    spec
      .given([])
      .when({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true, apiKey: 'sk-nuova-chiave-1234' } })
      .then([{ type: 'OpenAiSettingsUpdated', data: { changes: { isEnabled: true, apiKey: 'sk-nuova-chiave-1234' } } }]);
    spec
      .given([keyGiven])
      .when({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true } })
      .then([switchedOn]);
  });

  it('switches on without a key when the server is a self-hosted one, not OpenAI', () => {
    spec
      .given([])
      .when({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true, baseUrl: 'http://localhost:11434/v1' } })
      .then([{ type: 'OpenAiSettingsUpdated', data: { changes: { isEnabled: true, baseUrl: 'http://localhost:11434/v1' } } }]);
  });

  it('keeps its key while switched on: removing it means switching off too', () => {
    spec
      .given([keyGiven, switchedOn])
      .when({ type: 'UpdateOpenAiSettings', changes: { apiKey: null } })
      .thenThrows(DomainError, { message: needsKey });
    spec
      .given([keyGiven, switchedOn])
      .when({ type: 'UpdateOpenAiSettings', changes: { apiKey: null, isEnabled: false } })
      .then([{ type: 'OpenAiSettingsUpdated', data: { changes: { apiKey: null, isEnabled: false } } }]);
  });
});
