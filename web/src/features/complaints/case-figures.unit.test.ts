import { describe, expect, it } from 'vitest';
import { awaitedText, canRespond, compensationText, disputeOpenUntil } from './case-figures';
import { checkFile } from './evidence';
import { aCase } from './fixtures';

describe('what a case waits for', () => {
  it('by its state and the reader', () => {
    expect(awaitedText(aCase({ myRole: 'admin' }))).toBe('Da prendere in carico entro il 20 nov 2026, 15:00');
    expect(awaitedText(aCase({ status: 'appealed' }))).toMatch(/^Ricorso in attesa di un altro amministratore/);
    expect(awaitedText(aCase({ status: 'rejected', dueAt: null }))).toBeNull();
  });

  it('the respondent answers only while asked and not yet answered', () => {
    const asked = aCase({ myRole: 'respondent', status: 'investigating', respondentAskedAt: '2026-11-20T11:00:00.000Z' });
    expect(canRespond(asked)).toBe(true);
    expect(canRespond({ ...asked, respondentAnsweredAt: '2026-11-21T11:00:00.000Z' })).toBe(false);
    expect(canRespond({ ...asked, myRole: 'complainant' })).toBe(false);
  });

  it('names the compensation', () => {
    expect(compensationText(aCase({ compensation: { method: 'refund', amount: 12.5, credits: 0, status: 'pending', reference: null } }))).toBe('Rimborso di € 12,50');
    expect(compensationText(aCase())).toBeNull();
  });
});

describe('a dispute on an order', () => {
  it('opens for 14 days from the completion', () => {
    expect(
      disputeOpenUntil({
        status: 'completed',
        timeline: [
          { status: 'pending', at: '2026-11-01T10:00:00.000Z' },
          { status: 'completed', at: '2026-11-02T10:00:00.000Z' },
        ],
      })?.toISOString(),
    ).toBe('2026-11-16T10:00:00.000Z');
    expect(disputeOpenUntil({ status: 'shipping', timeline: [] })).toBeNull();
  });
});

describe('evidence files', () => {
  it('are images or PDF up to 5 MB', () => {
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkFile({ name: 'a.txt', type: 'text/plain', size: 10 })).toMatch(/solo foto/);
    expect(checkFile({ name: 'b.pdf', type: 'application/pdf', size: 6 * 1024 * 1024 })).toMatch(/5 MB/);
  });
});
