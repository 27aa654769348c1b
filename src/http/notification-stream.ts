import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../db/pool.js';
import { notificationChannel } from '../projections/notifications.js';

/** A notification as the API shows it (docs/api-orders.md). */
export interface Notification {
  id: string;
  title: string;
  message: string;
  read: boolean;
  link: string | null;
  createdAt: Date;
}

export const notificationColumns = 'id, title, message, link, read, created_at AS "createdAt"';

type Listener = (notification: Notification) => void;

const reconnectMs = { first: 250, max: 10_000 };

/**
 * One LISTEN connection per app, opened when the first stream asks for it, fanning each committed
 * notification out to the open streams of its user. A dropped connection is opened again while
 * anyone still listens; what was committed in the gap is in the list, not pushed.
 */
export class NotificationStream {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoff = reconnectMs.first;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `listener` with each new notification of `userId` once LISTEN is on; returns the unsubscribe. */
  async subscribe(userId: string, listener: Listener): Promise<() => void> {
    await this.connect();
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
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
      this.log.warn('notification stream: connection lost, reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => void this.deliver(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${notificationChannel}`);
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
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || !this.listeners.size) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.log.warn({ err: error }, 'notification stream: reconnect failed');
        this.backoff = Math.min(this.backoff * 2, reconnectMs.max);
        this.scheduleReconnect();
      });
    }, this.backoff);
  }

  private async deliver(payload: string | undefined): Promise<void> {
    let note: { userId?: unknown; id?: unknown };
    try {
      note = JSON.parse(payload ?? '') as typeof note;
    } catch {
      return;
    }
    if (typeof note.userId !== 'string' || typeof note.id !== 'string') return;
    const set = this.listeners.get(note.userId);
    if (!set?.size) return;
    try {
      const { rows } = await this.pool.query<Notification>(`SELECT ${notificationColumns} FROM notifications WHERE id = $1 AND user_id = $2`, [note.id, note.userId]);
      if (rows[0]) for (const listener of [...set]) listener(rows[0]);
    } catch (error) {
      this.log.warn({ err: error }, 'notification stream: could not read a notification');
    }
  }
}
