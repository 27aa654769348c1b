import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../../platform/db/pool.js';
import type { ReadDb } from '../../platform/db/read.js';
import { isPosition } from '../../platform/eventstore/position.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { Notification } from './contract.js';
import { notificationChannel } from './projection.js';
import { collaboratorNotificationOf, notificationOf } from './queries.js';
import { collaboratorNoticeSource } from './labels.js';
import { sessionsChannel, stillOpen, type OpenSession } from '../../platform/http/plugins/session.js';

/** Why the server ends a stream: its session ended, or a newer stream of the user took its place. */
export type StreamEnd = 'session' | 'replaced';

/** An open stream, as the route writes it. */
export interface Listener {
  notify(notification: Notification): void;
  /** Called once; the stream is no longer a listener. */
  end(why: StreamEnd): void;
}

interface Subscriber {
  session: OpenSession;
  listener: Listener;
}

/**
 * The most streams one user keeps open in one process. Each holds a socket and a response for
 * hours; a person has a few tabs of the site open, and the oldest of them is the one they look at
 * least, so a newer stream replaces it (a tab shown again opens its stream anew). Each process
 * counts its own: the cap is about what one process holds.
 */
export const maxStreamsPerUser = 5;

const reconnectMs = { first: 250, max: 10_000 };

/**
 * One LISTEN connection per app, opened when the first stream asks for it, fanning each committed
 * notification out to the open streams of its user, and ending a user's streams whose session
 * ended in any process (sessionsChannel). A dropped connection is opened again while anyone still
 * listens; what was committed in the gap is in the list, not pushed, and every stream's session
 * is checked again.
 */
export class NotificationStream {
  /** Per user, in the order they were opened. */
  private readonly listeners = new Map<string, Set<Subscriber>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoff = reconnectMs.first;
  private closed = false;

  constructor(
    /** Where LISTEN connects (a connection of its own) and where sessions are checked. */
    private readonly pool: Pool,
    /** Where the notifications pushed are read. */
    private readonly db: ReadDb,
    private readonly log: FastifyBaseLogger,
    /**
     * Waits (bounded) until the read models that apply the commit of the event at `position` (of
     * `type`) include it: a notice is pushed once what it tells shows everywhere, so the page it
     * refreshes (an order's new status, the package to buy of a request accepted) never reads the
     * read model before the change.
     */
    private readonly settle: (position: Position, type: string) => Promise<unknown> = async () => {},
  ) {}

  /**
   * Calls `listener` with each new notification of the session's user once LISTEN is on, until
   * the session ends or the user opens too many streams (`listener.end`, maybe before this
   * returns); returns the unsubscribe.
   */
  async subscribe(session: OpenSession, listener: Listener): Promise<() => void> {
    await this.connect();
    const { userId } = session;
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    const subscriber = { session, listener };
    set.add(subscriber);
    const unsubscribe = (): void => {
      set.delete(subscriber);
      if (!set.size && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
    for (const oldest of set) {
      if (set.size <= maxStreamsPerUser) break;
      this.end(oldest, 'replaced');
    }
    // The session was checked before LISTEN was on: an end in between was not heard.
    await this.checkSessions(userId);
    return unsubscribe;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('notification stream closed'));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, application_name: 'vicino-notifications' });
    const lost = (): void => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.log.warn('flusso delle notifiche: connessione persa, mi ricollego');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === sessionsChannel) void this.checkSessions(message.payload ?? '');
      else void this.deliver(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${notificationChannel}; LISTEN ${sessionsChannel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.backoff = reconnectMs.first;
    // After a drop, sessions may have ended while nobody listened (on the first opening there is no one yet).
    for (const userId of [...this.listeners.keys()]) void this.checkSessions(userId);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || !this.listeners.size) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.log.warn({ err: error }, 'flusso delle notifiche: riconnessione non riuscita');
        this.backoff = Math.min(this.backoff * 2, reconnectMs.max);
        this.scheduleReconnect();
      });
    }, this.backoff);
  }

  private async deliver(payload: string | undefined): Promise<void> {
    let note: { userId?: unknown; id?: unknown; position?: unknown; type?: unknown; source?: unknown };
    try {
      note = JSON.parse(payload ?? '') as typeof note;
    } catch {
      return;
    }
    if (typeof note.userId !== 'string' || typeof note.id !== 'string') return;
    if (!this.listeners.get(note.userId)?.size) return;
    if (typeof note.position === 'string' && isPosition(note.position) && typeof note.type === 'string') await this.settle(note.position, note.type);
    const set = this.listeners.get(note.userId);
    if (!set?.size) return;
    try {
      const notification = note.source === collaboratorNoticeSource ? await this.collaboratorNotice(note.userId, note.id) : await notificationOf(this.db, note.userId, note.id);
      if (notification) for (const { listener } of [...set]) listener.notify(notification);
    } catch (error) {
      this.log.warn({ err: error }, 'flusso delle notifiche: non è stato possibile leggere una notifica');
    }
  }

  /**
   * A collaboration notice (collaboration-projection.ts), announced on the same channel
   * with its source: pushed as a notification like the others, its page in `link`, and `kind`
   * telling the page which list to refresh.
   */
  private async collaboratorNotice(userId: string, id: string): Promise<Notification | null> {
    const n = await collaboratorNotificationOf(this.db, userId, id);
    return n && { id: n.id, title: n.title, message: n.message, link: n.actionUrl, read: n.isRead, createdAt: n.createdAt, kind: 'collaboration' };
  }

  /** Ends the streams of `userId` whose session is no longer open. */
  private async checkSessions(userId: string): Promise<void> {
    const set = this.listeners.get(userId);
    if (!set?.size) return;
    const subscribers = [...set];
    try {
      const open = await stillOpen(
        this.pool,
        subscribers.map((s) => s.session),
      );
      for (const subscriber of subscribers) if (!open.has(subscriber.session.sessionId)) this.end(subscriber, 'session');
    } catch (error) {
      // A stream must not outlive its session: when that cannot be checked, the client opens it again.
      this.log.warn({ err: error }, 'flusso delle notifiche: non è stato possibile controllare le sessioni');
      for (const subscriber of subscribers) this.end(subscriber, 'session');
    }
  }

  private end(subscriber: Subscriber, why: StreamEnd): void {
    const set = this.listeners.get(subscriber.session.userId);
    if (!set?.delete(subscriber)) return;
    if (!set.size) this.listeners.delete(subscriber.session.userId);
    subscriber.listener.end(why);
  }
}
