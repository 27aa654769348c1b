import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/types.js';
import { byEventType, eventTypesOf, inRuns } from './projection.js';

type Events = { type: 'Placed'; data: { n: number } } | { type: 'Moved'; data: { n: number } } | { type: 'Other'; data: { n: number } };

const event = (type: string, n: number) => ({ type, data: { n } }) as unknown as RecordedEvent;
const tx = {} as pg.ClientBase;

describe('byEventType', () => {
  it('hands a run handler the events of its type that follow each other among those it reads, in order', async () => {
    const calls: string[] = [];
    const apply = byEventType<Events>({
      Placed: inRuns(async (events) => {
        calls.push(`Placed ${events.map((e) => e.data.n).join(',')}`);
      }),
      Moved: async (e) => {
        calls.push(`Moved ${e.data.n}`);
      },
    });
    await apply([event('Placed', 1), event('Other', 2), event('Placed', 3), event('Moved', 4), event('Moved', 5), event('Placed', 6)], tx);
    expect(calls).toEqual(['Placed 1,3', 'Moved 4', 'Moved 5', 'Placed 6']);
    expect([...eventTypesOf({ name: 'p', title: 'P', version: 1, tables: [], apply })!].sort()).toEqual(['Moved', 'Placed']);
  });
});
