import { describe, expect, it } from 'vitest';
import { caseEventDetail } from './queries.js';

describe('what a case event says on the case page', () => {
  it('ends each part with one full stop, whether or not the admin wrote one', () => {
    const resolved = caseEventDetail(
      'CaseResolved',
      {
        adminResponse: 'Il listino era sbagliato.',
        resolutionAction: 'Indennizzo in crediti al negozio.',
        compensation: { method: 'credits', amountCents: 0, credits: 20 },
        round: 1,
      },
      false,
    );
    expect(resolved).toBe('Il listino era sbagliato. Azione: Indennizzo in crediti al negozio. Indennizzo: 20 crediti AI.');
    expect(caseEventDetail('CaseResolved', { adminResponse: 'Va bene', resolutionAction: 'Nessuna', compensation: null, round: 2 }, false)).toBe(
      'Va bene. Azione: Nessuna. Decisione definitiva.',
    );
    expect(caseEventDetail('CaseRejected', { reason: 'Adeguato.', round: 2 }, false)).toBe('Adeguato. Decisione definitiva.');
    expect(caseEventDetail('CaseRejected', { reason: 'Non provato', round: 1 }, false)).toBe('Non provato');
  });
});
