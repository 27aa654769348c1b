import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { requirementsInItalian } from './labels.js';
import { accountHolderKinds, accountProviders, accountStatusOf, type AccountHolderKind, type AccountProvider } from './payment-account.js';
import type { PaymentAccount } from './contract.js';

/*
 * The shops' payment accounts as the read model holds them (accounts-projection.ts): a shop's own,
 * and whose an account is when a provider's webhook names it.
 */

const accountRow = z.object({
  provider: z.enum(accountProviders),
  accountId: z.string(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  missing: z.array(z.string()),
  pendingVerification: z.array(z.string()),
  disabledReason: z.string().nullable(),
  observedAt: column.time.nullable(),
  connectedAt: column.time,
});

const accountColumns = sql.fragment`provider, account_id AS "accountId", charges_enabled AS "chargesEnabled", payouts_enabled AS "payoutsEnabled",
  details_submitted AS "detailsSubmitted", missing, pending_verification AS "pendingVerification", disabled_reason AS "disabledReason",
  observed_at AS "observedAt", connected_at AS "connectedAt"`;

/** A holder's accounts, by provider, as the pages show them (what is missing in Italian). */
export async function accountsOf(db: ReadDb, kind: AccountHolderKind, holderId: string): Promise<Map<AccountProvider, PaymentAccount>> {
  const rows = await db.any(sql.type(accountRow)`SELECT ${accountColumns} FROM payment_accounts WHERE holder_kind = ${kind} AND holder_id = ${holderId}`);
  return new Map(
    rows.map((row) => {
      const { pendingVerification: _checking, disabledReason: _why, missing, ...shown } = row;
      return [row.provider, { ...shown, status: accountStatusOf(row, kind), missing: requirementsInItalian(missing) }];
    }),
  );
}

const holderRow = z.object({ kind: z.enum(accountHolderKinds), id: column.uuid });

/** Whose the provider's account is, or null when it is no account of ours. */
export async function holderOfAccount(db: ReadDb, provider: AccountProvider, accountId: string): Promise<{ kind: AccountHolderKind; id: string } | null> {
  return db.maybeOne(sql.type(holderRow)`SELECT holder_kind AS kind, holder_id AS id FROM payment_accounts WHERE provider = ${provider} AND account_id = ${accountId}`);
}

const sandboxAccountRow = z.object({ holderName: z.string(), ownerId: column.uuid, holderKind: z.enum(accountHolderKinds), holderId: column.uuid }).extend(accountRow.shape);

/** A test account with its holder's name and the user it belongs to (a shop's owner, or the collaborator): the sandbox's onboarding page. */
export async function sandboxAccountOf(db: ReadDb, accountId: string) {
  return db.maybeOne(sql.type(sandboxAccountRow)`
    SELECT ${accountColumns}, coalesce(s.name, u.name) AS "holderName", coalesce(s.owner_id, u.id) AS "ownerId", a.holder_kind AS "holderKind", a.holder_id AS "holderId"
    FROM payment_accounts a
    LEFT JOIN stores s ON a.holder_kind = 'store' AND s.id = a.holder_id
    LEFT JOIN users u ON a.holder_kind = 'collaborator' AND u.id = a.holder_id
    WHERE a.provider = 'sandbox' AND a.account_id = ${accountId} AND coalesce(s.id, u.id) IS NOT NULL`);
}

const shopRow = z.object({ id: column.uuid, name: z.string(), email: z.string().nullable() });

const collaboratorRow = z.object({ id: column.uuid, name: z.string(), email: z.string().nullable() });

/** A collaborator as the provider's form names them (their compensations' account). */
export async function collaboratorHolder(db: ReadDb, userId: string): Promise<{ id: string; name: string; email: string | null } | null> {
  return db.maybeOne(sql.type(collaboratorRow)`SELECT id, name, email FROM users WHERE id = ${userId} AND role = 'collaborator'`);
}

/** The shopkeeper's shop, whose accounts they hold: its e-mail, or the owner's, goes on the provider's form. */
export async function shopOfOwner(db: ReadDb, ownerId: string): Promise<{ id: string; name: string; email: string | null } | null> {
  return db.maybeOne(sql.type(shopRow)`
    SELECT s.id, s.name, coalesce(s.email, u.email) AS email FROM stores s JOIN users u ON u.id = s.owner_id
    WHERE s.owner_id = ${ownerId} ORDER BY s.created_at LIMIT 1`);
}
