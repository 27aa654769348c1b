import { inject } from 'vitest';
import { registerUser, type Registration } from '../../../src/modules/users/commands.js';
import { systemContext } from '../../../src/platform/domain/context.js';
import { webRoot } from '../../../src/platform/http/plugins/web.js';
import type { System } from '../../../src/system.js';
import { startTestApp, type TestAppOptions } from '../../support/app.js';
import { hangAfter } from '../../support/time-limits.js';

export interface RunningSite {
  url: string;
  system: System;
  close(): Promise<void>;
}

/**
 * The whole product (API and built web app) on a fresh seeded database (a copy of the run's:
 * seeded.global.ts), on 127.0.0.1; `config` changes its settings (a provider's loopback server).
 */
export async function startSite(config?: TestAppOptions['config']): Promise<RunningSite> {
  const { app, system, close } = await startTestApp({ webRoot, template: inject('pgSeeded'), config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, system, close };
}

/**
 * A person registered straight in the site's system, open registration or not (a journey's set-up:
 * the screens of registration have journeys of their own), once the read models know them: their id.
 * The password is 'segreta1' and the e-mail `<username>@esempio.it` unless given.
 */
export async function registered(site: RunningSite, person: Omit<Registration, 'email' | 'password'> & Partial<Pick<Registration, 'email' | 'password'>>): Promise<string> {
  const { position, userId } = await registerUser(site.system, { email: `${person.username}@esempio.it`, password: 'segreta1', ...person }, systemContext(), {
    ignoreClosedRegistration: true,
  });
  if (position) await site.system.projections.waitFor(position, hangAfter(5000));
  return userId;
}
