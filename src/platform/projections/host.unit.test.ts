import { describe, expect, it } from 'vitest';
import type { Pool } from '../db/pool.js';
import type { EventStore } from '../eventstore/types.js';
import { ProjectionHost } from './host.js';
import { reading, type Projection } from './projection.js';

/** A host that is never started: which read models a write waits for needs no database. */
const hostOf = (projections: Projection[]): ProjectionHost => new ProjectionHost({} as EventStore, {} as Pool, 'postgres://unused', projections);
const readModel = (name: string, types: string[], more: Partial<Projection> = {}): Projection => ({
  name,
  title: name,
  version: 1,
  tables: [name],
  apply: reading(types, async () => {}),
  ...more,
});

describe('the read models a write waits for', () => {
  it('are those that read its events, but for the types they read without showing them', () => {
    const host = hostOf([
      readModel('orders', ['Placed', 'Paid']),
      readModel('ledger', ['Created', 'Paid'], { unseen: ['Created'] }),
      readModel('log', ['Created'], { awaited: false }),
      readModel('outbox', ['Created'], { tables: [] }),
    ]);
    expect(host.readersOf(['Created'])).toEqual([]);
    expect(host.readersOf(['Placed', 'Created'])).toEqual(['orders']);
    expect(host.readersOf(['Paid'])).toEqual(['orders', 'ledger']);
    expect(host.readersOf(['Created', 'Paid'])).toEqual(['orders', 'ledger']);
  });
});
