import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defaultPreferences,
  noticeKinds,
  noticeKindsOf,
  notificationPreferencesDecider,
  notificationPreferencesStreamId,
  type NoticeKind,
} from './preferences.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireUser, type SessionUser } from '../../platform/http/plugins/session.js';

const channels = z.object({ live: z.boolean().optional(), email: z.boolean().optional() }).strict();
const body = z.object({ preferences: z.partialRecord(z.enum(noticeKinds), channels) }).strict();

/**
 * Which notices reach the user live (the open page and Web Push) and by e-mail, per kind of the
 * user's role (docs/api-orders.md). The list of notifications keeps every notice regardless.
 */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;

  const current = async (user: SessionUser) => {
    const { rows } = await pool.query<{ kind: NoticeKind; live: boolean; email: boolean }>(
      'SELECT kind, live, email FROM notification_preferences WHERE user_id = $1',
      [user.id],
    );
    const stored = new Map(rows.map((r) => [r.kind, { live: r.live, email: r.email }]));
    return { preferences: noticeKindsOf[user.role].map((kind) => ({ kind, ...(stored.get(kind) ?? defaultPreferences[kind]) })) };
  };

  app.get('/api/user/notification-preferences', async (request) => current(requireUser(request)));

  app.put('/api/user/notification-preferences', { schema: { body } }, async (request) => {
    const user = requireUser(request);
    const { position } = await handleCommand(
      store,
      notificationPreferencesStreamId(user.id),
      notificationPreferencesDecider(user.id),
      { type: 'SetNotificationPreferences', role: user.role, changes: request.body.preferences },
      commandContext(request),
    );
    await request.settle(position);
    return current(user);
  });
};
