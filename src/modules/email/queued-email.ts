import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

/**
 * The admin's actions on one queued mail, as events of the stream `email-<id>`: the queue itself
 * is the sender's table (queue.ts), whose status the command changes under a row lock; the event
 * tells the history and the recent activity which admin did it.
 */
export const queuedEmailStreamId = (id: string): string => `email-${id}`;

/** What the history shows of the mail the action was about. */
interface About {
  emailId: string;
  toEmail: string;
  subject: string;
}

export type QueuedEmailCommand = ({ type: 'RetryEmail'; previousStatus: 'failed' | 'cancelled' } & About) | ({ type: 'CancelEmail' } & About);

export type QueuedEmailEvent = DomainEvent<'EmailRetried', About & { previousStatus: 'failed' | 'cancelled' }> | DomainEvent<'EmailCancelled', About>;

export interface QueuedEmailState {
  retries: number;
  cancelled: boolean;
}

export const queuedEmailDecider: Decider<QueuedEmailCommand, QueuedEmailEvent, QueuedEmailState> = {
  initialState: { retries: 0, cancelled: false },
  // The queue's row, locked by the command, decided whether the action may be done.
  decide(command) {
    const { emailId, toEmail, subject } = command;
    if (command.type === 'RetryEmail') return [{ type: 'EmailRetried', data: { emailId, toEmail, subject, previousStatus: command.previousStatus } }];
    return [{ type: 'EmailCancelled', data: { emailId, toEmail, subject } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailRetried':
        return { retries: state.retries + 1, cancelled: false };
      case 'EmailCancelled':
        return { ...state, cancelled: true };
    }
  },
};
