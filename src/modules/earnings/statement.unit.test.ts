import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import {
  collaboratorStatementStreamId,
  commissionInvoice,
  monthInItalian,
  statementDecider,
  statementStreamId,
  statementStreamOf,
  type IssueStatement,
  type StatementEvent,
} from './statement.js';

const storeId = '5e0c1b8e-0000-4000-8000-000000000001';
const issue = (changes: Partial<Omit<IssueStatement, 'storeId' | 'collaboratorId'>> = {}): IssueStatement => ({
  type: 'IssueStatement',
  storeId,
  month: '2026-11',
  totals: { orders: 2, gross: 12_000, fees: 2_400, refunds: 1_000, chargebacks: 0, net: 8_600, payouts: 5_000 },
  openingBalance: 1_000,
  closingBalance: 4_600,
  invoice: commissionInvoice(2_400),
  ...changes,
});
const issued: StatementEvent = {
  type: 'StatementIssued',
  data: {
    storeId,
    month: '2026-11',
    orders: 2,
    grossCents: 12_000,
    feesCents: 2_400,
    refundsCents: 1_000,
    chargebacksCents: 0,
    netCents: 8_600,
    payoutsCents: 5_000,
    openingBalanceCents: 1_000,
    closingBalanceCents: 4_600,
    imponibileCents: 1_967,
    ivaPercent: 22,
    ivaCents: 433,
    totaleCents: 2_400,
  },
};
const invalid = (message: string) => ({ kind: 'invalid', message }) as const;

describe('a shop’s monthly statement', () => {
  const spec = deciderSpec(statementDecider);

  it('is a stream per shop and month, and per collaborator and month', () => {
    expect(statementStreamId(storeId, '2026-11')).toBe(`earnings-statement-${storeId}-2026-11`);
    expect(statementStreamOf({ kind: 'store', id: storeId }, '2026-11')).toBe(statementStreamId(storeId, '2026-11'));
    expect(statementStreamOf({ kind: 'collaborator', id: storeId }, '2026-11')).toBe(`earnings-statement-collaborator-${storeId}-2026-11`);
    expect(collaboratorStatementStreamId(storeId, '2026-11')).not.toBe(statementStreamId(storeId, '2026-11'));
    expect(monthInItalian('2026-11')).toBe('novembre 2026');
  });

  it('of a collaborator names them, not a shop', () => {
    const { storeId: _shop, ...figures } = issue();
    const { storeId: _same, ...data } = issued.data;
    spec
      .given([])
      .when({ ...figures, collaboratorId: storeId })
      .then([{ type: 'StatementIssued', data: { ...data, collaboratorId: storeId } }]);
  });

  it('is issued once, with the month’s figures and the commission invoice’s: issued again, nothing more', () => {
    spec.given([]).when(issue()).then([issued]);
    spec.given([issued]).when(issue()).thenNothing();
  });

  it('refuses figures that do not add up: a balance, an invoice, a fraction of a cent, a month', () => {
    spec
      .given([])
      .when(issue({ closingBalance: 4_601 }))
      .thenThrows(DomainError, invalid('Il saldo finale dell’estratto conto non torna con i movimenti del mese.'));
    spec
      .given([])
      .when(issue({ invoice: { ...commissionInvoice(2_400), iva: 434, imponibile: 1_966 } }))
      .thenThrows(DomainError, invalid('I dati della fattura delle commissioni non tornano con le commissioni del mese.'));
    spec
      .given([])
      .when(issue({ openingBalance: 1_000.5, closingBalance: 4_600.5 }))
      .thenThrows(DomainError, invalid('Le cifre dell’estratto conto non sono valide: importi interi in centesimi.'));
    spec
      .given([])
      .when(issue({ month: '2026-13' }))
      .thenThrows(DomainError, invalid('Mese non valido: AAAA-MM.'));
    spec
      .given([])
      .when(issue({ month: '1999-12' }))
      .thenThrows(DomainError, invalid('Mese non valido: AAAA-MM.'));
  });
});
