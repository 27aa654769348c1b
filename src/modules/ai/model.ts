import OpenAI, { APIConnectionTimeoutError } from 'openai';
import type { OpenAiSettings } from '../settings/openai-settings.js';

/** The model took longer than the settings allow. */
export class ModelTimedOut extends Error {}

/**
 * Asks the chat-completions server of the settings (OpenAI's, or a compatible one) and gives its
 * answer's text. No retries: the request's credits are held for one try, and a retry is the
 * caller's, with its own key. A server that takes no key gets a placeholder, as the SDK wants one.
 */
export async function askModel(settings: OpenAiSettings, prompt: { system: string; user: string }): Promise<string | null> {
  const client = new OpenAI({
    apiKey: settings.apiKey ?? 'nessuna-chiave',
    baseURL: settings.baseUrl,
    organization: settings.organizationId || null,
    timeout: settings.timeoutSeconds * 1000,
    maxRetries: 0,
  });
  try {
    const completion = await client.chat.completions.create({
      model: settings.model,
      max_tokens: settings.maxTokens,
      temperature: settings.temperature,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    });
    return completion.choices[0]?.message?.content ?? null;
  } catch (err) {
    if (err instanceof APIConnectionTimeoutError) throw new ModelTimedOut(`no answer within ${settings.timeoutSeconds} s`, { cause: err });
    throw err;
  }
}
