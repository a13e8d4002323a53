import type { Executor } from '../../platform/db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PostingRequest } from '../ledger/posting.ts';
import * as store from './promotions.store.ts';

/**
 * The ledger's side of a grant (ADR 045): the house's promotion expense pays the member's bonus
 * balance, once per grant (key `bonus:grant:<promotion>:<member>:<ordinal>`). The accounts the
 * grant statement answered are used as they are (ADR 075); one it could not see is looked up (and
 * opened) through the ledger. The caller posts it in the grant's transaction, alone or with the
 * deposit that triggered it.
 */
export async function grantPosting(
  ledger: LedgerService,
  tx: Executor,
  grant: { promotionId: bigint; memberId: bigint; ordinal: number; bonusMinor: bigint },
  accounts: { bonusAccountId: bigint | null; expenseAccountId: bigint | null },
  reference: string,
): Promise<PostingRequest> {
  const expenseId = accounts.expenseAccountId ?? (await ledger.systemAccount('BONUS', tx)).id;
  const bonusId = accounts.bonusAccountId ?? (await ledger.bonusAccountOf(grant.memberId, tx)).id;
  return {
    type: 'BONUS',
    reference,
    actor: 'system',
    idempotencyKey: `bonus:grant:${grant.promotionId}:${grant.memberId}:${grant.ordinal}`,
    entries: [
      { accountId: expenseId, amountMinor: -grant.bonusMinor },
      { accountId: bonusId, amountMinor: grant.bonusMinor },
    ],
  };
}

/**
 * Posts a grant on its own inside the caller's transaction, without a savepoint: a failure fails
 * the whole transaction, grant row included.
 */
export async function postGrant(
  ledger: LedgerService,
  tx: Executor,
  grant: { promotionId: bigint; memberId: bigint; ordinal: number; bonusMinor: bigint },
  reference: string,
  accounts: { bonusAccountId: bigint | null; expenseAccountId: bigint | null } = {
    bonusAccountId: null,
    expenseAccountId: null,
  },
): Promise<void> {
  await ledger.postAllOrNothing(await grantPosting(ledger, tx, grant, accounts, reference), tx);
}

/**
 * The bonus money a grant closing now takes with it (ADR 059): the whole bonus balance when it is
 * the member's last active grant (what is left of the bonus and what it won), else at most its
 * own bonus. Locks the accounts it reads, lowest id first, so a stake or win on the vendor path
 * waits or happened before. Run after the grant's conditional move out of ACTIVE.
 */
async function closingAmount(
  ledger: LedgerService,
  tx: Executor,
  grant: { id: bigint; memberId: bigint; bonusMinor: bigint },
  bonusAccountId: bigint,
  otherAccountId: bigint,
): Promise<bigint> {
  const balances = await ledger.lockedBalancesOf([bonusAccountId, otherAccountId], tx);
  const balance = balances.get(bonusAccountId) ?? 0n;
  const othersActive = (await store.activeGrantsOf(tx, grant.memberId)).some((row) => row.id !== grant.id);
  if (!othersActive) return balance;
  return balance < grant.bonusMinor ? balance : grant.bonusMinor;
}

/**
 * A grant whose wagering is met pays what it holds of the bonus balance into the main wallet,
 * once per grant (key `bonus:release:<grant>`). Answers what moved (0 when it was all lost).
 */
export async function postRelease(
  ledger: LedgerService,
  tx: Executor,
  grant: { id: bigint; memberId: bigint; bonusMinor: bigint },
): Promise<bigint> {
  const bonusAccount = await ledger.bonusAccountOf(grant.memberId, tx);
  const main = await ledger.mainAccountOf(grant.memberId, tx);
  const amount = await closingAmount(ledger, tx, grant, bonusAccount.id, main.id);
  if (amount === 0n) return 0n;
  await ledger.post(
    {
      type: 'BONUS',
      reference: `release of bonus ${grant.id}: wagering met`,
      actor: 'system',
      idempotencyKey: `bonus:release:${grant.id}`,
      entries: [
        { accountId: bonusAccount.id, amountMinor: -amount },
        { accountId: main.id, amountMinor: amount },
      ],
    },
    tx,
  );
  return amount;
}

/**
 * A forfeited grant (revoked, expired, cancelled, withdrawn before its wagering) pays what it
 * holds of the bonus balance back to the house's promotion expense (BONUS_FORFEIT), once per
 * grant under `key`. Answers what moved (0 when it was all lost).
 */
export async function postForfeit(
  ledger: LedgerService,
  tx: Executor,
  grant: { id: bigint; memberId: bigint; bonusMinor: bigint },
  posting: { key: string; actor: string; reference: string },
): Promise<bigint> {
  const expense = await ledger.systemAccount('BONUS', tx);
  const bonusAccount = await ledger.bonusAccountOf(grant.memberId, tx);
  const amount = await closingAmount(ledger, tx, grant, bonusAccount.id, expense.id);
  if (amount === 0n) return 0n;
  await ledger.postAllOrNothing(
    {
      type: 'BONUS_FORFEIT',
      reference: posting.reference,
      actor: posting.actor,
      idempotencyKey: posting.key,
      entries: [
        { accountId: bonusAccount.id, amountMinor: -amount },
        { accountId: expense.id, amountMinor: amount },
      ],
    },
    tx,
  );
  return amount;
}
