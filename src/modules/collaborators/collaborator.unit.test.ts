import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { collaboratorDecider, type CollaboratorCommand, type CollaboratorEvent, type CollaboratorProfile } from './collaborator.js';

const profile: CollaboratorProfile = {
  address: 'Via del Corso 1, Roma',
  latitude: 41.9,
  longitude: 12.48,
  radiusKm: 10,
  services: ['delivery', 'inventory'],
  isAvailable: true,
  availability: 'lun–ven pomeriggio',
  bio: 'Studente, automunito.',
};

/** The events of the commands in turn, each decided on the state the previous ones left. */
function run(...commands: CollaboratorCommand[]): CollaboratorEvent[] {
  const events: CollaboratorEvent[] = [];
  for (const command of commands) events.push(...collaboratorDecider.decide(command, fold(collaboratorDecider, events)));
  return events;
}
const register: CollaboratorCommand = { type: 'RegisterCollaborator', userId: 'u1', profile };
const refusal = (commands: CollaboratorCommand[]) => {
  try {
    run(...commands);
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message, errors: e.errors };
    throw e;
  }
  return null;
};

describe('collaborator decider', () => {
  it('registers once, pending, and refuses the second registration as a conflict', () => {
    const state = fold(collaboratorDecider, run(register));
    expect(state).toMatchObject({ registered: true, approvalStatus: 'pending', status: 'active', canActivateSessions: false });
    expect(refusal([register, register])?.kind).toBe('conflict');
  });

  it('refuses a profile outside its bounds, naming the field in Italian', () => {
    const bad = (p: Partial<CollaboratorProfile>) => refusal([{ ...register, profile: { ...profile, ...p } }]);
    expect(bad({ latitude: 51.5 })?.errors).toHaveProperty('latitude');
    expect(bad({ radiusKm: 0.5 })?.errors).toEqual({ radiusKm: 'Raggio (km): un valore da 1 a 100.' });
    expect(bad({ services: [] })?.errors).toEqual({ services: 'Servizi: scegline almeno uno.' });
    expect(bad({ bio: 'x'.repeat(501) })?.errors).toHaveProperty('bio');
  });

  it('moves pending → approved ↔ suspended, pending → rejected, and a rejected profile changed goes back to pending', () => {
    const approved = run(register, { type: 'Approve', canActivateSessions: true });
    expect(fold(collaboratorDecider, approved)).toMatchObject({ approvalStatus: 'approved', canActivateSessions: true });
    expect(run(register, { type: 'Approve', canActivateSessions: false }, { type: 'Suspend', reason: 'x' }, { type: 'Reactivate' }).map((e) => e.type)).toEqual([
      'CollaboratorRegistered',
      'CollaboratorApproved',
      'CollaboratorSuspended',
      'CollaboratorReactivated',
    ]);
    const resubmitted = run(register, { type: 'Reject', reason: 'Foto mancante' }, { type: 'ChangeProfile', changes: { bio: 'Ora con più dettagli.' } });
    expect(resubmitted.map((e) => e.type)).toEqual(['CollaboratorRegistered', 'CollaboratorRejected', 'CollaboratorProfileChanged', 'CollaboratorResubmitted']);
    expect(fold(collaboratorDecider, resubmitted).approvalStatus).toBe('pending');
  });

  it('refuses the transitions the states do not have, as conflicts', () => {
    expect(refusal([register, { type: 'Suspend', reason: 'x' }])?.kind).toBe('conflict');
    expect(refusal([register, { type: 'Reactivate' }])?.kind).toBe('conflict');
    expect(refusal([register, { type: 'Reject', reason: 'x' }, { type: 'Approve', canActivateSessions: true }])?.message).toBe('Il profilo è rifiutato: non si può approvare.');
    expect(refusal([register, { type: 'Approve', canActivateSessions: true }, { type: 'Reject', reason: 'x' }])?.kind).toBe('conflict');
    expect(refusal([register, { type: 'Reject', reason: '  ' }])?.errors).toHaveProperty('reason');
    expect(refusal([{ type: 'SetStatus', status: 'inactive' }])?.kind).toBe('not-found');
  });

  it('records no event for a change to what already is', () => {
    expect(
      run(
        register,
        { type: 'ChangeProfile', changes: { radiusKm: 10, services: ['delivery', 'inventory'] } },
        { type: 'SetAvailability', isAvailable: true },
        { type: 'SetStatus', status: 'active' },
      ),
    ).toHaveLength(1);
    expect(run(register, { type: 'Approve', canActivateSessions: true }, { type: 'Approve', canActivateSessions: true })).toHaveLength(2);
  });
});
