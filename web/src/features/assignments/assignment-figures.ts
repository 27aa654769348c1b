import type { AssignmentStatus, Priority } from '@pure/assignments/labels';
import type { SessionStatus } from '@pure/collaboration-sessions/labels';

/* The assignments' groupings and choices, pure so they are tested without a browser. */

export type AssignmentTab = 'open' | 'current' | 'closed';

/** Waiting for the collaborator's answer, under way, or over. */
export const assignmentTab = (a: { status: AssignmentStatus }): AssignmentTab =>
  a.status === 'pending' ? 'open' : a.status === 'accepted' || a.status === 'in_progress' ? 'current' : 'closed';

export const assignmentStatusColors: Record<AssignmentStatus, 'default' | 'warning' | 'info' | 'success' | 'error' | 'primary'> = {
  pending: 'warning',
  accepted: 'info',
  in_progress: 'success',
  completed: 'primary',
  cancelled: 'default',
  rejected: 'error',
};

export const priorityColors: Record<Priority, 'default' | 'info' | 'warning' | 'error'> = { low: 'default', medium: 'info', high: 'warning', urgent: 'error' };

/** An assignment still alive: the collaborator may be asked to work in it. */
export const assignmentOpen = (a: { status: AssignmentStatus }): boolean => a.status === 'pending' || a.status === 'accepted' || a.status === 'in_progress';

/**
 * Accepted, under way, and no session yet: the shop's move is to program the first one (issue
 * [19]: nothing is set for it). What the shopkeeper's ways to the assignment say then.
 */
export const firstSessionToProgram = (a: { status: AssignmentStatus; sessions: { total: number } }): boolean =>
  (a.status === 'accepted' || a.status === 'in_progress') && a.sessions.total === 0;

export interface Collaborator {
  id: string;
  name: string;
}

/**
 * The collaborators a shop has already worked with: those of its assignments and of its requests
 * a collaborator accepted, once each, by name. Only they may get a direct assignment or a
 * standing access.
 */
export function workedWith(
  assignments: { collaboratorId: string; collaboratorName: string }[],
  requests: { status: string; collaboratorId: string | null; collaboratorName: string | null }[],
): Collaborator[] {
  const byId = new Map<string, string>();
  for (const a of assignments) byId.set(a.collaboratorId, a.collaboratorName);
  for (const r of requests) {
    if ((r.status === 'accepted' || r.status === 'completed') && r.collaboratorId && r.collaboratorName && !byId.has(r.collaboratorId))
      byId.set(r.collaboratorId, r.collaboratorName);
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

/** The session to look out for: the active one, else the next not yet activated (earliest start); null when none. */
export function nextSession<S extends { status: SessionStatus; scheduledStartAt: string }>(sessions: S[]): S | null {
  const active = sessions.find((s) => s.status === 'active');
  if (active) return active;
  const waiting = sessions.filter((s) => s.status === 'pending' || s.status === 'ready');
  return waiting.sort((a, b) => a.scheduledStartAt.localeCompare(b.scheduledStartAt))[0] ?? null;
}
