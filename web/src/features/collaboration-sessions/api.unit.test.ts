import { describe, expect, it } from 'vitest';
import { isCollaborationWorkKey, sessionsListUrl } from './api';

describe('the reads of collaboration work', () => {
  it('asks the sessions of an assignment and of some states', () => {
    expect(sessionsListUrl()).toBe('/api/collaboration-sessions');
    expect(sessionsListUrl({ statuses: ['ready', 'active'] })).toBe('/api/collaboration-sessions?status=ready%2Cactive');
    expect(sessionsListUrl({ assignmentId: 'a1' })).toBe('/api/collaboration-sessions?assignmentId=a1');
  });

  it('are all read again by the notifications’ stream, nothing else is', () => {
    for (const key of [
      '/api/collaboration-sessions?status=ready',
      '/api/collaboration-sessions/current',
      '/api/store-access',
      '/api/assignments/a1',
      '/api/collaborators/earnings',
    ]) {
      expect(isCollaborationWorkKey(key), key).toBe(true);
    }
    for (const key of ['/api/orders/user', '/api/collaborators/me/stores', ['x'], undefined]) expect(isCollaborationWorkKey(key)).toBe(false);
  });
});
