import { describe, expect, it } from 'vitest';
import type { Pool } from '../../platform/db/pool.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { ProjectionHost } from '../../platform/projections/host.js';
import { allProjections } from '../index.js';

describe('the shops’ ledger and the writes that wait for it', () => {
  // A host never started: which read models a write waits for needs no database.
  const host = new ProjectionHost({} as EventStore, {} as Pool, 'postgres://unused', allProjections);

  it('a payment created waits for the payments, not for the ledger, which shows a sale once paid', () => {
    expect(host.readersOf(['PaymentCreated'])).toContain('payment-transactions');
    expect(host.readersOf(['PaymentCreated'])).not.toContain('earnings');
  });

  it('a payment paid, refunded or disputed, and a payout, wait for it', () => {
    for (const type of ['PaymentCompleted', 'PaymentRefunded', 'PaymentDisputeOpened', 'PaymentAccountPayoutPaid', 'AssignmentPaid']) {
      expect(host.readersOf([type])).toContain('earnings');
    }
  });
});
