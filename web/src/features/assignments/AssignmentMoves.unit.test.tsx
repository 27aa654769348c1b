import { describe, expect, it } from 'vitest';
import { anAssignment } from '../../testing/collaboration-fixtures';
import { buttonNames, renderHtml } from '../../testing/render';
import { AssignmentMoves } from './AssignmentMoves';

const moves = (...args: Parameters<typeof anAssignment>) => ({
  collaborator: buttonNames(renderHtml(<AssignmentMoves assignment={anAssignment(...args)} reader="collaborator" />)),
  shopkeeper: buttonNames(renderHtml(<AssignmentMoves assignment={anAssignment(...args)} reader="shopkeeper" />)),
});

describe('the moves on an assignment, by side and state', () => {
  it('lets the collaborator answer a new one and the shop cancel it', () => {
    expect(moves({ status: 'pending' })).toEqual({ collaborator: ['Accetta', 'Rifiuta', 'Segnala un problema'], shopkeeper: ['Annulla l’incarico', 'Segnala un problema'] });
  });

  it('lets the collaborator start an accepted one', () => {
    expect(moves({ status: 'accepted' }).collaborator).toEqual(['Inizia l’incarico', 'Segnala un problema']);
  });

  it('lets the shop complete one under way; problems are reported as often as they come (reports)', () => {
    expect(moves({ status: 'in_progress' }).shopkeeper).toEqual(['Segna completato', 'Segnala un problema']);
    expect(moves({ status: 'in_progress', hasProblems: true }).shopkeeper).toEqual(['Segna completato', 'Segnala un problema']);
  });

  it('lets the shop mark paid a direct assignment completed, not one of a package', () => {
    expect(moves({ status: 'completed' })).toEqual({ collaborator: ['Segnala un problema'], shopkeeper: ['Segna pagato', 'Segnala un problema'] });
    expect(moves({ status: 'completed', origin: 'unlock' }).shopkeeper).toEqual(['Segnala un problema']);
    expect(moves({ status: 'completed', paymentStatus: 'paid' }).shopkeeper).toEqual(['Segnala un problema']);
    expect(moves({ status: 'rejected' }).shopkeeper).toEqual([]);
  });
});
