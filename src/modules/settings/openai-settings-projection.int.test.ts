import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { openAiSettingsDecider, openAiSettingsStreamId, type OpenAiSettings } from './openai-settings.js';
import { openAiSettingsProjection } from './openai-settings-projection.js';
import { readOpenAiSettings } from './queries.js';

const spec = useProjection(openAiSettingsProjection);
const log = new EventLog();
const update = (changes: Partial<OpenAiSettings>) => log.decide(openAiSettingsStreamId, openAiSettingsDecider, { type: 'UpdateOpenAiSettings', changes });

describe('openai-settings projection', () => {
  it('keeps one row with the fields changed from the defaults: switched on with a key, then off without it', async () => {
    await spec.apply(update({ apiKey: 'sk-proj-chiave-di-prova-1234', isEnabled: true }));
    expect(await spec.rows('SELECT id, settings FROM openai_settings')).toEqual([{ id: 1, settings: { apiKey: 'sk-proj-chiave-di-prova-1234', isEnabled: true } }]);
    await spec.apply([...update({ temperature: 0.2 }), ...update({ apiKey: null, isEnabled: false })]);
    expect(await spec.rows('SELECT id, settings FROM openai_settings')).toEqual([{ id: 1, settings: { apiKey: null, isEnabled: false, temperature: 0.2 } }]);
    expect(await readOpenAiSettings(spec.db)).toMatchObject({ apiKey: null, isEnabled: false, temperature: 0.2, maxTokens: 1000 });
  });
});
