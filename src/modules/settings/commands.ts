import { handleCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { keyChanges } from '../../platform/domain/secrets.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { z } from 'zod';
import type { googleMapsSettingsInput, openAiSettingsInput, siteSettingsInput } from './contract.js';
import { googleMapsSettingsDecider, googleMapsSettingsStreamId } from './google-maps-settings.js';
import { openAiSettingsDecider, openAiSettingsStreamId } from './openai-settings.js';
import { siteSettingsDecider, siteSettingsStreamId } from './site-settings.js';

interface Deps {
  store: EventStore;
}

/** Changes the fields of the site settings the admin sent. */
export async function updateSiteSettings({ store }: Deps, changes: z.output<typeof siteSettingsInput>, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(store, siteSettingsStreamId, siteSettingsDecider, { type: 'UpdateSiteSettings', changes }, ctx);
  return position;
}

/** Changes the Google Maps settings; the key as the form gave it (kept when left empty or masked). */
export async function updateGoogleMapsSettings({ store }: Deps, form: z.output<typeof googleMapsSettingsInput>, ctx: CommandContext): Promise<Position | null> {
  const command = { type: 'UpdateGoogleMapsSettings', changes: keyChanges(form) } as const;
  return (await handleCommand(store, googleMapsSettingsStreamId, googleMapsSettingsDecider, command, ctx)).position;
}

/** Changes the OpenAI settings; the key as the form gave it (kept when left empty or masked). */
export async function updateOpenAiSettings({ store }: Deps, form: z.output<typeof openAiSettingsInput>, ctx: CommandContext): Promise<Position | null> {
  const command = { type: 'UpdateOpenAiSettings', changes: keyChanges(form) } as const;
  return (await handleCommand(store, openAiSettingsStreamId, openAiSettingsDecider, command, ctx)).position;
}
