import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError, type ErrorKind } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { caseDecider, type CaseCommand } from './case.js';
import { complaintFields, eventsOf } from './case-fixtures.js';

const spec = deciderSpec(caseDecider);
const t0 = new Date('2026-11-27T10:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;
const day = 24 * hour;

const fields = complaintFields('c1', {
  storeId: 'st1',
  storeName: 'Bottega',
  shopkeeper: { userId: 'shop', type: 'shopkeeper', name: 'Mario' },
  collaborator: { userId: 'col', type: 'collaborator', name: 'Luca' },
});

const filed = eventsOf([{ type: 'FileCase', fields, now: t0 }]);
const taken = eventsOf([
  { type: 'FileCase', fields, now: t0 },
  { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
]);
const resolution = (adminId: string, now: Date, compensation: { method: 'refund' | 'credits'; amountCents: number; credits: number } | null = null): CaseCommand => ({
  type: 'ResolveCase',
  adminId,
  adminResponse: 'ok',
  resolutionAction: 'rimborso',
  compensation,
  now,
});

describe('a case (complaint or dispute)', () => {
  it('is filed once, with the first response due by its urgency', () => {
    expect(filed).toEqual([{ type: 'CaseFiled', data: { ...fields, submittedAt: t0.toISOString(), firstResponseDueAt: after(4 * hour).toISOString() } }]);
    spec.given(filed).when({ type: 'FileCase', fields, now: t0 }).thenNothing();
  });

  it('is taken late when the SLA passed; another admin may take it over, the same one changes nothing', () => {
    const late = caseDecider.decide({ type: 'TakeCase', adminId: 'adm1', now: after(5 * hour) }, fold(caseDecider, filed));
    expect(late[0]).toMatchObject({ type: 'CaseTaken', data: { firstResponseLate: true, round: 1 } });
    expect(taken[1]).toMatchObject({ type: 'CaseTaken', data: { firstResponseLate: false } });
    spec
      .given(taken)
      .when({ type: 'TakeCase', adminId: 'adm1', now: after(2 * hour) })
      .thenNothing();
    expect(caseDecider.decide({ type: 'TakeCase', adminId: 'adm2', now: after(2 * hour) }, fold(caseDecider, taken))).toHaveLength(1);
  });

  it('needs its admin for each move; the other party writes in it from its filing, and answers once asked', () => {
    const refused: [given: typeof filed, command: CaseCommand, kind: ErrorKind][] = [
      // Not taken yet; taken by another admin.
      [filed, { type: 'AskRespondent', adminId: 'adm1', question: '?', now: after(hour) }, 'conflict'],
      [taken, { type: 'AskRespondent', adminId: 'adm2', question: '?', now: after(hour) }, 'conflict'],
      // The other party answers only a question asked; someone else is no party at all.
      [taken, { type: 'Respond', userId: 'col', text: 'io', now: after(hour) }, 'not-found'],
      [taken, { type: 'PostMessage', by: { userId: 'someone', role: 'customer' }, text: 'ciao', internal: false, now: after(hour) }, 'not-found'],
      // Internal notes are the admins'.
      [taken, { type: 'PostMessage', by: { userId: 'shop', role: 'shopkeeper' }, text: 'nota', internal: true, now: after(hour) }, 'forbidden'],
    ];
    for (const [given, command, kind] of refused) spec.given(given).when(command).thenThrows(DomainError, { kind });
    // Told of the case when it is filed, the other party may write in it before any question.
    spec
      .given(filed)
      .when({ type: 'PostMessage', by: { userId: 'col', role: 'collaborator' }, text: 'La mia versione', internal: false, now: after(hour) })
      .then([
        {
          type: 'CaseMessagePosted',
          data: {
            complainantId: 'shop',
            respondentId: 'col',
            byUserId: 'col',
            byRole: 'collaborator',
            text: 'La mia versione',
            internal: false,
            postedAt: after(hour).toISOString(),
          },
        },
      ]);
    const asked = eventsOf([
      { type: 'FileCase', fields, now: t0 },
      { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
      { type: 'AskRespondent', adminId: 'adm1', question: 'Perché?', now: after(hour) },
    ]);
    expect(asked[2]).toMatchObject({ type: 'CaseRespondentAsked', data: { answerBy: after(hour + 3 * day).toISOString() } });
    spec
      .given(asked)
      .when({ type: 'Respond', userId: 'col', text: 'Ecco', now: after(2 * hour) })
      .then([{ type: 'CaseRespondentAnswered', data: { complainantId: 'shop', respondentId: 'col', text: 'Ecco', answeredAt: after(2 * hour).toISOString() } }]);
    // Late once, and only past the deadline without an answer.
    spec
      .given(asked)
      .when({ type: 'NoteRespondentLate', now: after(2 * day) })
      .thenNothing();
    const late = eventsOf([
      { type: 'FileCase', fields, now: t0 },
      { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
      { type: 'AskRespondent', adminId: 'adm1', question: 'Perché?', now: after(hour) },
      { type: 'NoteRespondentLate', now: after(4 * day) },
    ]);
    expect(late.at(-1)?.type).toBe('CaseRespondentLate');
    spec
      .given(late)
      .when({ type: 'NoteRespondentLate', now: after(5 * day) })
      .thenNothing();
  });

  it('pays a compensation once: approved once, paid once; a refund never more than was paid; no credits for a customer', () => {
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'refund', amountCents: 5000, credits: 0 }))
      .thenThrows(DomainError, { message: 'Il rimborso supera l’importo pagato.' });
    const customerCase = eventsOf([
      { type: 'FileCase', fields: { ...fields, kind: 'dispute', complainant: { userId: 'cu', type: 'customer', name: 'Anna' } }, now: t0 },
      { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
    ]);
    spec
      .given(customerCase)
      .when(resolution('adm1', after(hour), { method: 'credits', amountCents: 0, credits: 5 }))
      .thenThrows(DomainError, { kind: 'rule' });
    const resolved = eventsOf([
      ...([
        { type: 'FileCase', fields, now: t0 },
        { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
      ] as CaseCommand[]),
      resolution('adm1', after(2 * hour), { method: 'refund', amountCents: 900, credits: 0 }),
    ]);
    expect(resolved.at(-1)).toMatchObject({ type: 'CaseResolved', data: { compensationStatus: 'pending', appealBy: after(2 * hour + 7 * day).toISOString() } });
    spec
      .given(resolved)
      .when({ type: 'RecordCompensationPaid', reference: 'x', now: after(3 * hour) })
      .thenThrows(DomainError, { kind: 'conflict' });
    const approved = [...resolved, ...caseDecider.decide({ type: 'ApproveCompensation', adminId: 'adm1', now: after(3 * hour) }, fold(caseDecider, resolved))];
    expect(approved.at(-1)?.type).toBe('CaseCompensationApproved');
    spec
      .given(approved)
      .when({ type: 'ApproveCompensation', adminId: 'adm2', now: after(4 * hour) })
      .thenNothing();
    const paid = [...approved, ...caseDecider.decide({ type: 'RecordCompensationPaid', reference: 'refund:p1', now: after(4 * hour) }, fold(caseDecider, approved))];
    spec
      .given(paid)
      .when({ type: 'RecordCompensationPaid', reference: 'refund:p1', now: after(5 * hour) })
      .thenNothing();
    spec
      .given(paid)
      .when({ type: 'ApproveCompensation', adminId: 'adm1', now: after(5 * hour) })
      .thenNothing();
  });

  it('compensates in whole cents and whole credits only, within their bounds (issue [16]: 0,001 € stopped the read model)', () => {
    const amount = 'Importo dell’indennizzo: un importo da € 0,00 a € 10.000,00, al centesimo.';
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'refund', amountCents: 0.1, credits: 0 }))
      .thenThrows(DomainError, { kind: 'rule', message: amount, errors: { compensationAmount: amount } });
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'refund', amountCents: -100, credits: 0 }))
      .thenThrows(DomainError, { kind: 'rule', message: amount });
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'refund', amountCents: 1_000_001, credits: 0 }))
      .thenThrows(DomainError, { kind: 'rule', message: amount });
    const credits = 'Crediti dell’indennizzo: un numero intero da 0 a 10000.';
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'credits', amountCents: 0, credits: 2.5 }))
      .thenThrows(DomainError, { kind: 'rule', message: credits });
    spec
      .given(taken)
      .when(resolution('adm1', after(hour), { method: 'credits', amountCents: 0, credits: 2 ** 31 }))
      .thenThrows(DomainError, { kind: 'rule', message: credits });
  });

  it('keeps a file’s size as a whole number of bytes', () => {
    const file = { fileId: 'f1', name: 'a.png', contentType: 'image/png', sizeBytes: 1.7976931348623157e308, sha256: 'x' };
    spec
      .given(filed)
      .when({ type: 'AddEvidence', by: { userId: 'shop', role: 'shopkeeper' }, file, now: after(hour) })
      .thenThrows(DomainError, { kind: 'rule', message: 'Dimensione del file (byte): un numero intero da 0 a 2147483647.' });
  });

  it('is appealed once, by the complainant, within 7 days, and reviewed by another admin whose decision is final', () => {
    const rejected = eventsOf([
      { type: 'FileCase', fields, now: t0 },
      { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
      { type: 'RejectCase', adminId: 'adm1', reason: 'No', now: after(2 * hour) },
    ]);
    spec
      .given(rejected)
      .when({ type: 'Appeal', userId: 'col', reason: 'x', now: after(3 * hour) })
      .thenThrows(DomainError, { kind: 'forbidden' });
    spec
      .given(rejected)
      .when({ type: 'Appeal', userId: 'shop', reason: 'x', now: after(2 * hour + 7 * day + 1) })
      .thenThrows(DomainError, { message: 'Il termine di 7 giorni per il ricorso è scaduto.' });
    const appealed = [...rejected, ...caseDecider.decide({ type: 'Appeal', userId: 'shop', reason: 'Non giusto', now: after(3 * day) }, fold(caseDecider, rejected))];
    expect(fold(caseDecider, appealed)).toMatchObject({ status: 'appealed', round: 2, assignedAdminId: null });
    spec
      .given(appealed)
      .when({ type: 'Appeal', userId: 'shop', reason: 'ancora', now: after(3 * day) })
      .thenThrows(DomainError, { kind: 'conflict' });
    spec
      .given(appealed)
      .when({ type: 'TakeCase', adminId: 'adm1', now: after(3 * day) })
      .thenThrows(DomainError, { kind: 'forbidden' });
    const final = eventsOf([
      { type: 'FileCase', fields, now: t0 },
      { type: 'TakeCase', adminId: 'adm1', now: after(hour) },
      { type: 'RejectCase', adminId: 'adm1', reason: 'No', now: after(2 * hour) },
      { type: 'Appeal', userId: 'shop', reason: 'Non giusto', now: after(day) },
      { type: 'TakeCase', adminId: 'adm2', now: after(day) },
      resolution('adm2', after(2 * day)),
    ]);
    expect(final.at(-1)).toMatchObject({ type: 'CaseResolved', data: { round: 2, appealBy: null } });
    spec
      .given(final)
      .when({ type: 'Appeal', userId: 'shop', reason: 'ancora', now: after(2 * day) })
      .thenThrows(DomainError, { kind: 'conflict' });
  });
});
