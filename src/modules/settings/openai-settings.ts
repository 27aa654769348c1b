import type { DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const openAiSettingsStreamId = 'openai-settings';

/**
 * The OpenAI account the platform's assistant features would use (the spec names no fields:
 * these are what such a settings page usually holds). The key is a secret: stored in the events,
 * never shown whole.
 */
export interface OpenAiSettings {
  isEnabled: boolean;
  apiKey: string | null;
  /** "org-…": an identifier, not a credential. */
  organizationId: string;
  model: string;
  /** Upper bound of each answer. */
  maxTokens: number;
  /** 0 (steady) … 2 (inventive). */
  temperature: number;
  /** US dollars, as OpenAI bills; null: no limit. */
  monthlyBudgetUsd: number | null;
}

export const defaultOpenAiSettings: OpenAiSettings = {
  isEnabled: false,
  apiKey: null,
  organizationId: '',
  model: 'gpt-4o-mini',
  maxTokens: 1000,
  temperature: 0.7,
  monthlyBudgetUsd: null,
};

export type OpenAiSettingsCommand = { type: 'UpdateOpenAiSettings'; changes: Partial<OpenAiSettings> };
export type OpenAiSettingsEvent = DomainEvent<'OpenAiSettingsUpdated', { changes: Partial<OpenAiSettings> }>;

export const openAiSettingsDecider = settingsDecider({
  command: 'UpdateOpenAiSettings',
  event: 'OpenAiSettingsUpdated',
  defaults: defaultOpenAiSettings,
  check: (_asked, next) => {
    if (next.isEnabled && !next.apiKey) {
      const message = 'Per attivare OpenAI serve una chiave API.';
      throw new DomainError(message, 'rule', { apiKey: message });
    }
  },
});
