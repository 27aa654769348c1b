import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { CommandDeps } from '../../platform/module.js';
import { accountsOf } from '../payments/accounts-queries.js';
import { askProvider } from '../payments/ask-provider.js';
import type { ProviderOf } from '../payments/commands.js';
import type { AccountProvider } from '../payments/payment-account.js';
import { assignmentDecider, assignmentStreamId } from './assignment.js';
import { assignmentFor, onAssignment, type Reader } from './commands.js';

/*
 * The admin pays an assignment's compensation out (issues [13], [20]): a transfer from the
 * platform's balance to the collaborator's own payment account (Stripe Connect, or the test
 * payments), then the assignment marked paid with it. The transfer's key is the assignment's (and
 * the attempt's, after a refusal), so pressed twice, raced by two admins or retried after no
 * answer, the provider moves the money once and answers the same transfer; the assignment is paid
 * once (its decider).
 *
 * Paid some other way (a bank transfer by hand, a compensation of nothing), the admin marks it paid
 * by hand: nothing moves through a provider.
 */

export interface PayoutDeps extends CommandDeps {
  providers: ProviderOf;
  /** The providers the platform takes payments with now. */
  onlineMethods(): Promise<ReadonlySet<string>>;
}

/** The order in which a collaborator's accounts are chosen to receive a transfer: the real one first. */
const preferred: readonly AccountProvider[] = ['stripe', 'sandbox'];

const noAccount =
  'Il collaboratore non ha ancora un conto di pagamento attivo su cui ricevere il compenso: deve collegarlo dalla pagina «Guadagni». Se l’hai pagato in altro modo, segnalo pagato a mano.';

export async function payOutAssignment(deps: PayoutDeps, id: string, admin: Reader, { byHand = false }: { byHand?: boolean }, ctx: CommandContext): Promise<Position | null> {
  const state = await assignmentFor(deps.store, id, admin);
  const f = state.fields;
  const markPaid = async (transfer: { provider: AccountProvider; accountId: string; transferId: string } | null): Promise<Position | null> => {
    const done = await onAssignment(deps.store, id, { type: 'MarkPaid', byUserId: admin.id, now: ctx.now, transfer }, ctx);
    if (done.position) return done.position;
    // Paid already (another admin's press a moment before): the answer waits for that payment to be read.
    const [last] = await deps.store.readStream(assignmentStreamId(id), { direction: 'backwards', maxCount: 1 });
    return last?.position ?? null;
  };
  // Paid already (a second press), or by hand, or nothing to move: the decider alone.
  if (state.paymentStatus === 'paid' || byHand || f.compensationCents === 0) return markPaid(null);
  // Refused before any money moves: the decider's own refusals, asked first.
  assignmentDecider.decide({ type: 'MarkPaid', byUserId: admin.id, now: ctx.now }, state);
  const [accounts, online] = await Promise.all([accountsOf(deps.db, 'collaborator', f.collaboratorId), deps.onlineMethods()]);
  const provider = preferred.find((p) => online.has(p) && accounts.get(p)?.payoutsEnabled);
  if (!provider) throw new DomainError(noAccount, 'rule');
  const account = accounts.get(provider)!;
  const connected = (await deps.providers(provider)).accounts;
  if (!connected) throw new DomainError(noAccount, 'rule');
  // The key is the assignment's and the attempt's: retried after no answer, the same transfer; after
  // a refusal (recorded), a new attempt, since the provider answers a key it refused with that refusal.
  const attempt = state.payoutRefusals ?? 0;
  let transferId: string;
  try {
    ({ transferId } = await askProvider(
      () =>
        connected.transfer({
          accountId: account.accountId,
          amountCents: f.compensationCents,
          currency: 'eur',
          description: `Compenso per l’incarico di ${f.storeName}`.slice(0, 200),
          group: `assignment-${id}`,
          idempotencyKey: attempt === 0 ? `assignment-payout-${id}` : `assignment-payout-${id}-${attempt}`,
        }),
      'Il fornitore dei pagamenti non risponde: il compenso non è stato trasferito. Riprova tra poco.',
    ));
  } catch (error) {
    // A refusal for good (the provider's word, in Italian): nothing moved; the next attempt goes under a new key.
    if (error instanceof DomainError && error.kind === 'rule') {
      await onAssignment(deps.store, id, { type: 'RecordPayoutRefusal', attempt, provider, reason: error.message, now: ctx.now }, ctx);
    }
    throw error;
  }
  return markPaid({ provider, accountId: account.accountId, transferId });
}
