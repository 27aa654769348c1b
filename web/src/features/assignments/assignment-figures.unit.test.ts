import { describe, expect, it } from 'vitest';
import { assignmentTab, nextSession, workedWith } from './assignment-figures';

describe('assignments at a glance', () => {
  it('groups them: waiting for an answer, under way, over', () => {
    expect(assignmentTab({ status: 'pending' })).toBe('open');
    expect(assignmentTab({ status: 'accepted' })).toBe('current');
    expect(assignmentTab({ status: 'in_progress' })).toBe('current');
    expect(['completed', 'cancelled', 'rejected'].map((status) => assignmentTab({ status: status as 'completed' }))).toEqual(['closed', 'closed', 'closed']);
  });

  it('knows the collaborators a shop worked with: its assignments’ and its accepted requests’, once each, by name', () => {
    const people = workedWith(
      [
        { collaboratorId: 'c2', collaboratorName: 'Zeno Neri' },
        { collaboratorId: 'c2', collaboratorName: 'Zeno Neri' },
      ],
      [
        { status: 'accepted', collaboratorId: 'c1', collaboratorName: 'Anna Bianchi' },
        { status: 'pending', collaboratorId: 'c3', collaboratorName: 'Carla Verdi' },
        { status: 'waiting', collaboratorId: null, collaboratorName: null },
        { status: 'completed', collaboratorId: 'c2', collaboratorName: 'Zeno Neri' },
      ],
    );
    expect(people).toEqual([
      { id: 'c1', name: 'Anna Bianchi' },
      { id: 'c2', name: 'Zeno Neri' },
    ]);
  });

  it('points at the active session, else the earliest not yet activated', () => {
    const s = (id: string, status: 'pending' | 'ready' | 'active' | 'completed', at: string) => ({ id, status, scheduledStartAt: at });
    expect(nextSession([s('a', 'completed', '2026-11-01T09:00:00Z'), s('b', 'pending', '2026-11-25T09:00:00Z'), s('c', 'ready', '2026-11-24T09:00:00Z')])?.id).toBe('c');
    expect(nextSession([s('b', 'pending', '2026-11-25T09:00:00Z'), s('d', 'active', '2026-11-26T09:00:00Z')])?.id).toBe('d');
    expect(nextSession([s('a', 'completed', '2026-11-01T09:00:00Z')])).toBeNull();
  });
});
