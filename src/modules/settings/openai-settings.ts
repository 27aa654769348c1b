import type { DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const openAiSettingsStreamId = 'openai-settings';

/** OpenAI's own API; any server speaking its chat completions (Ollama, llama.cpp…) goes in its place. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * The chat-completions server the AI functions call (src/modules/ai) and how. The key is a
 * secret: stored in the events, never shown whole.
 */
export interface OpenAiSettings {
  isEnabled: boolean;
  apiKey: string | null;
  /** The API's root (…/v1): OpenAI's, or a self-hosted compatible server's. */
  baseUrl: string;
  /** "org-…": an identifier, not a credential. */
  organizationId: string;
  model: string;
  /** Upper bound of each answer. */
  maxTokens: number;
  /** 0 (steady) … 2 (inventive). */
  temperature: number;
  /** How long one answer may take, in seconds; past it the call fails and its credits go back. */
  timeoutSeconds: number;
  /** US dollars, as OpenAI bills; null: no limit. */
  monthlyBudgetUsd: number | null;
}

export const defaultOpenAiSettings: OpenAiSettings = {
  isEnabled: false,
  apiKey: null,
  baseUrl: OPENAI_BASE_URL,
  organizationId: '',
  model: 'gpt-4o-mini',
  maxTokens: 1000,
  temperature: 0.7,
  timeoutSeconds: 30,
  monthlyBudgetUsd: null,
};

export type OpenAiSettingsCommand = { type: 'UpdateOpenAiSettings'; changes: Partial<OpenAiSettings> };
export type OpenAiSettingsEvent = DomainEvent<'OpenAiSettingsUpdated', { changes: Partial<OpenAiSettings> }>;

export const openAiSettingsDecider = settingsDecider({
  command: 'UpdateOpenAiSettings',
  event: 'OpenAiSettingsUpdated',
  defaults: defaultOpenAiSettings,
  check: (_asked, next) => {
    // OpenAI's own API needs a key; a self-hosted server often takes none.
    if (next.isEnabled && !next.apiKey && next.baseUrl === OPENAI_BASE_URL) {
      const message = 'Per attivare OpenAI serve una chiave API.';
      throw new DomainError(message, 'rule', { apiKey: message });
    }
  },
});

/** Why the AI functions cannot be called with these settings, or null when they can. */
export function whyAiUnavailable(settings: OpenAiSettings): string | null {
  if (!settings.isEnabled) return 'Le funzioni AI non sono attive: l’amministratore deve attivarle nelle impostazioni di OpenAI. Nessun credito è stato usato.';
  if (!settings.apiKey && settings.baseUrl === OPENAI_BASE_URL) return 'Le funzioni AI non sono configurate: manca la chiave API di OpenAI. Nessun credito è stato usato.';
  return null;
}
