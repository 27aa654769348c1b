import type { Role } from '../../platform/domain/context.js';
import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { NoticeKind } from './contract.js';

export const notificationPreferencesStreamId = (userId: string): string => `notification-preferences-${userId}`;

/** The kinds each role is told about (the `kind` of the modules' notices). */
export const noticeKindsOf: Record<Role, readonly NoticeKind[]> = {
  customer: ['orders', 'reservations'],
  shopkeeper: ['orders', 'reservations', 'store'],
  collaborator: [],
  admin: [],
};

/** Live: in the open page and by Web Push; email: by e-mail (the e-mail sender skips a notice whose kind a user switched off: email/sender.ts). */
export interface Channels {
  live: boolean;
  email: boolean;
}

export type NotificationPreferences = Record<NoticeKind, Channels>;

export const defaultPreferences: NotificationPreferences = {
  orders: { live: true, email: true },
  reservations: { live: true, email: true },
  store: { live: true, email: true },
};

export type NotificationPreferencesCommand = { type: 'SetNotificationPreferences'; role: Role; changes: Partial<Record<NoticeKind, Partial<Channels>>> };
export type NotificationPreferencesEvent = DomainEvent<'NotificationPreferencesChanged', { userId: string; changes: Partial<NotificationPreferences> }>;

/** A user's choices of how notices reach them; the log keeps only what changed. */
export function notificationPreferencesDecider(userId: string): Decider<NotificationPreferencesCommand, NotificationPreferencesEvent, NotificationPreferences> {
  return {
    initialState: defaultPreferences,
    decide({ role, changes }, state) {
      const allowed = noticeKindsOf[role];
      const changed: Partial<NotificationPreferences> = {};
      for (const [kind, channels] of Object.entries(changes) as [NoticeKind, Partial<Channels>][]) {
        if (!allowed.includes(kind)) throw new DomainError('Questo tipo di avviso non riguarda il tuo account.', 'rule');
        const next = { ...state[kind], ...channels };
        if (next.live !== state[kind].live || next.email !== state[kind].email) changed[kind] = next;
      }
      return Object.keys(changed).length ? [{ type: 'NotificationPreferencesChanged', data: { userId, changes: changed } }] : [];
    },
    evolve(state, event) {
      return { ...state, ...event.data.changes };
    },
  };
}
