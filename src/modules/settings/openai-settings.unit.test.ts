import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { defaultOpenAiSettings, openAiSettingsDecider as decider } from './openai-settings.js';

const withKey = { ...defaultOpenAiSettings, apiKey: 'sk-proj-chiave-di-prova-1234' };

describe('OpenAI settings decider', () => {
  it('starts switched off, with no key', () => {
    expect(defaultOpenAiSettings).toMatchObject({ isEnabled: false, apiKey: null });
  });

  it('records only the fields that change', () => {
    expect(decider.decide({ type: 'UpdateOpenAiSettings', changes: { model: 'gpt-4o-mini', temperature: 0.2 } }, withKey)).toEqual([
      { type: 'OpenAiSettingsUpdated', data: { changes: { temperature: 0.2 } } },
    ]);
    expect(decider.decide({ type: 'UpdateOpenAiSettings', changes: { maxTokens: 1000 } }, withKey)).toEqual([]);
  });

  it('switches on only with a key, given before or in the same change', () => {
    expect(() => decider.decide({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true } }, defaultOpenAiSettings)).toThrow(
      new DomainError('Per attivare OpenAI serve una chiave API.', 'rule', { apiKey: 'Per attivare OpenAI serve una chiave API.' }),
    );
    expect(
      decider.decide({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true, apiKey: 'sk-nuova-chiave-1234' } }, defaultOpenAiSettings),
    ).toEqual([{ type: 'OpenAiSettingsUpdated', data: { changes: { isEnabled: true, apiKey: 'sk-nuova-chiave-1234' } } }]);
    expect(decider.decide({ type: 'UpdateOpenAiSettings', changes: { isEnabled: true } }, withKey)).toHaveLength(1);
  });

  it('keeps its key while switched on: removing it means switching off too', () => {
    const on = decider.evolve(withKey, { type: 'OpenAiSettingsUpdated', data: { changes: { isEnabled: true } } });
    expect(() => decider.decide({ type: 'UpdateOpenAiSettings', changes: { apiKey: null } }, on)).toThrow(DomainError);
    expect(decider.decide({ type: 'UpdateOpenAiSettings', changes: { apiKey: null, isEnabled: false } }, on)).toEqual([
      { type: 'OpenAiSettingsUpdated', data: { changes: { apiKey: null, isEnabled: false } } },
    ]);
  });
});
