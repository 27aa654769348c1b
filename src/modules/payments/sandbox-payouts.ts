import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { receiveWebhook } from './commands.js';
import { readPaymentSettings } from './queries.js';
import { sandboxOff, sandboxProvider, sandboxWebhook, type SandboxPayoutEvent } from './sandbox.js';

/** A test account's payout, as the test payments' schedule makes it. */
export interface TestPayout {
  accountId: string;
  /** The provider's id of the payout: the same id again is the same payout. */
  payoutId: string;
  amountCents: number;
  /** The day the money is due at the bank (YYYY-MM-DD). */
  arrivalDate: string;
  /** A payout the test bank refuses (its account is closed), to see what a failed payout does. */
  failure?: { code: string; message: string };
}

/**
 * The test payments pay a test account's balance out as Stripe pays a connected account's: a
 * signed `payout.paid` (or `payout.failed`) webhook, its id the payout's, applied through the
 * webhooks' own path, so the shop's ledger and the admin see a payout as they see Stripe's.
 */
export async function payOutTestAccount(deps: { store: EventStore; db: ReadDb }, payout: TestPayout, ctx: CommandContext): Promise<Position | null> {
  const settings = await readPaymentSettings(deps.db);
  if (!settings.sandboxWebhookSecret) throw new DomainError(sandboxOff, 'rule');
  const secret = settings.sandboxWebhookSecret;
  const event: SandboxPayoutEvent = {
    id: `evt_${payout.payoutId}_${payout.failure ? 'failed' : 'paid'}`,
    type: payout.failure ? 'payout.failed' : 'payout.paid',
    accountId: payout.accountId,
    payoutId: payout.payoutId,
    amountCents: payout.amountCents,
    arrivalDate: payout.arrivalDate,
    ...(payout.failure ? { failureCode: payout.failure.code, failureMessage: payout.failure.message } : {}),
  };
  const provider = sandboxProvider({ secret, enabled: settings.sandboxEnabled }, async () => {});
  return receiveWebhook({ ...deps, providers: async () => provider }, 'sandbox', sandboxWebhook(secret, event, ctx.now), ctx);
}
