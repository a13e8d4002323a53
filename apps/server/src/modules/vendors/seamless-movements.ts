import { createHash } from 'node:crypto';
import type { GameCategory } from '@fortuna/contracts/categories';
import type {
  VendorCorrectionRequest,
  VendorCreditRequest,
  VendorDebitRequest,
  VendorRollbackRequest,
  VendorTransaction,
} from '@fortuna/contracts/vendor-protocol';
import { inSavepoint, inTransaction, type Transaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type LedgerService, type PostedTransaction, vendorShardOf } from '../ledger/ledger.service.ts';
import { type BonusFateLookup, bonusShareOf, createBonusStakes } from './bonus-stakes.ts';
import * as store from './seamless.store.ts';
import type { VendorRow } from './vendor-registry.ts';

/**
 * The category of a vendor's game in the games catalogue, looked up in memory (the games module's
 * per-node snapshot, games-catalogue.ts); undefined for a game the catalogue does not know.
 */
export type GameCategoryLookup = (vendorCode: string, gameCode: string) => Promise<GameCategory | undefined>;

export type MovementKind = 'DEBIT' | 'CREDIT' | 'ROLLBACK' | 'CORRECTION';
export interface Movement {
  answer: VendorTransaction;
  /** True when the transaction id had been answered before: nothing moved this time. */
  replayed: boolean;
}
type MovementRequest =
  | VendorDebitRequest
  | VendorCreditRequest
  | VendorRollbackRequest
  | VendorCorrectionRequest;

const MAX_KEPT_MEMBER_ACCOUNTS = 100_000;
/** A vendor registered without categories (the registry requires none): slots, the commonest. */
const FALLBACK_CATEGORY: GameCategory = 'RNG';
/** Unknown games already reported, so a vendor playing one is logged once, not on every round. */
const MAX_REPORTED_UNKNOWN_GAMES = 10_000;

/** The ledger key of a vendor's transaction: one posting per (vendor, transaction id), ever. */
export const ledgerKeyOf = (vendorCode: string, transactionId: string) =>
  `vendor:${vendorCode}:${transactionId}`;

/** What a call asks for, so a repeat can be told from another request under the same id. */
function fingerprintOf(kind: MovementKind, request: MovementRequest): string {
  const amount = 'amountMinor' in request ? BigInt(request.amountMinor).toString() : null;
  const ref = 'refTransactionId' in request ? request.refTransactionId : null;
  const fields = [kind, request.playerId, request.roundId, request.gameCode, amount, ref];
  // Appended only when sent, so the fingerprints of debits stored before long-open rounds still match.
  if ('settlesAt' in request && request.settlesAt) fields.push(new Date(request.settlesAt).toISOString());
  if ('direction' in request) fields.push(request.direction, request.reason);
  const canonical = JSON.stringify(fields);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Debits, credits and rollbacks: each in one database transaction that claims the vendor's
 * transaction id, updates the round's bet record and posts to the ledger, so the three never
 * disagree. A refused call rolls all of it back and leaves the id free.
 */
export function createSeamlessMovements(deps: {
  db: Database;
  ledger: LedgerService;
  currency: () => string;
  gameCategory: GameCategoryLookup;
  /** Where bonus-funded money returning to a member goes now (bonus-stakes.ts, ADR 059). */
  bonusFate: BonusFateLookup;
  warn?: (message: string) => void;
}) {
  const { db, ledger } = deps;
  const bonusStakes = createBonusStakes({ ledger, fateOf: deps.bonusFate });
  const reportedUnknownGames = new Set<string>();

  /**
   * Where a round opening now is filed: its game's category in the catalogue. A game the catalogue
   * does not know (yet: a vendor's new game before the catalogue lists it) is filed under the
   * vendor's first category — right for a single-category vendor, the operator's main category
   * for the others — rather than refused: the vendor has taken the bet, and refusing the debit
   * would strand it. Reported once per game, so that operators add it to the catalogue.
   */
  async function categoryOfRound(vendor: VendorRow, gameCode: string): Promise<GameCategory> {
    const category = await deps.gameCategory(vendor.code, gameCode);
    if (category) return category;
    const key = `${vendor.code}/${gameCode}`;
    if (!reportedUnknownGames.has(key)) {
      if (reportedUnknownGames.size >= MAX_REPORTED_UNKNOWN_GAMES) reportedUnknownGames.clear();
      reportedUnknownGames.add(key);
      deps.warn?.(
        `vendor ${vendor.code} played game ${gameCode}, unknown to the games catalogue: its rounds are filed under the vendor's first category`,
      );
    }
    return vendor.categories[0] ?? FALLBACK_CATEGORY;
  }

  function answerOf(request: MovementRequest, amountMinor: bigint, balanceMinor: bigint): VendorTransaction {
    return {
      transactionId: request.transactionId,
      playerId: request.playerId,
      roundId: request.roundId,
      amountMinor: amountMinor.toString(),
      balanceMinor: balanceMinor.toString(),
      currency: deps.currency(),
      processedAt: new Date().toISOString(),
    };
  }

  /** The first answer to this id, or why the id cannot be used for this request. */
  async function replay(
    tx: Executor,
    vendorCode: string,
    kind: MovementKind,
    request: MovementRequest,
  ): Promise<Movement> {
    const first = await store.findTransactionForUpdate(tx, vendorCode, request.transactionId);
    if (!first) throw new Error(`vendor transaction ${vendorCode}/${request.transactionId} vanished`);
    if (kind === 'DEBIT' && first.kind === 'DEBIT' && first.status !== 'APPLIED') {
      throw new AppError('TRANSACTION_ROLLED_BACK');
    }
    if (first.kind !== kind || first.fingerprint !== fingerprintOf(kind, request) || !first.answer) {
      throw new AppError('TRANSACTION_CONFLICT', {
        message: `Transaction ${request.transactionId} was already used for a different ${first.kind.toLowerCase()}`,
      });
    }
    return { answer: first.answer as VendorTransaction, replayed: true };
  }

  const mainBalanceAfter = (posted: PostedTransaction, mainAccountId: bigint) =>
    posted.entries.find((entry) => entry.accountId === mainAccountId)?.balanceAfterMinor ?? 0n;

  /** Opens the id's record, or answers the earlier one; `work` runs only for a new id. */
  function once(
    vendor: VendorRow,
    memberId: bigint,
    kind: MovementKind,
    request: MovementRequest,
    amountMinor: bigint | null,
    work: (tx: Executor, claimed: store.VendorTransactionRow) => Promise<VendorTransaction>,
  ): Promise<Movement> {
    return inTransaction(db, async (tx) => {
      const claimed = await store.claimTransaction(tx, {
        vendorCode: vendor.code,
        transactionId: request.transactionId,
        kind,
        status: 'APPLIED',
        memberId,
        roundId: request.roundId,
        gameCode: request.gameCode,
        amountMinor,
        refTransactionId: 'refTransactionId' in request ? request.refTransactionId : null,
        fingerprint: fingerprintOf(kind, request),
      });
      if (!claimed) return replay(tx, vendor.code, kind, request);
      return { answer: await work(tx, claimed), replayed: false };
    });
  }

  /**
   * A debit or credit: `claim` takes the id and changes the round in one statement (the hot path,
   * seamless.store.ts), then `work` runs only for a new id whose round could change.
   */
  function claimAndMove<Outcome extends store.ClaimOutcome>(
    vendor: VendorRow,
    memberId: bigint,
    kind: 'DEBIT' | 'CREDIT',
    request: VendorDebitRequest | VendorCreditRequest,
    claim: (tx: Executor, claim: store.MovementClaim) => Promise<Outcome>,
    roundRefused: (tx: Executor) => Promise<Error>,
    work: (tx: Executor, claimedId: bigint, outcome: Outcome) => Promise<VendorTransaction>,
    within?: Transaction,
  ): Promise<Movement> {
    const run = (body: (tx: Transaction) => Promise<Movement>) =>
      within ? inSavepoint(within, body) : inTransaction(db, body);
    return run(async (tx) => {
      const outcome = await claim(tx, {
        vendorCode: vendor.code,
        transactionId: request.transactionId,
        memberId,
        roundId: request.roundId,
        gameCode: request.gameCode,
        amountMinor: BigInt(request.amountMinor),
        fingerprint: fingerprintOf(kind, request),
      });
      if (outcome.claimedId === undefined) return replay(tx, vendor.code, kind, request);
      // Thrown, so the claim is rolled back and the id stays free.
      if (!outcome.roundChanged) throw await roundRefused(tx);
      return { answer: await work(tx, outcome.claimedId, outcome), replayed: false };
    });
  }

  // Accounts never change owner once opened, so their ids are kept (the members' bounded, cleared
  // when full): a call looks them up once, outside any transaction, and not on every call.
  const vendorRowIds = new Map<string, bigint[]>();
  const mainAccountIds = new Map<bigint, bigint>();
  /**
   * The member's main wallet and the row of the vendor's own account the movement posts to
   * (ADR 080): the member's row, or inside a credit batch the batch row the batch has locked.
   */
  async function accountsOf(vendor: VendorRow, memberId: bigint, inBatch?: Transaction) {
    // Inside a batch, looked up on its transaction: a database of one connection would wait on it.
    const executor = inBatch ?? db;
    let mainId = mainAccountIds.get(memberId);
    if (mainId === undefined) {
      mainId = (await ledger.mainAccountOf(memberId, executor)).id;
      if (mainAccountIds.size >= MAX_KEPT_MEMBER_ACCOUNTS) mainAccountIds.clear();
      mainAccountIds.set(memberId, mainId);
    }
    let rowIds = vendorRowIds.get(vendor.code);
    if (rowIds === undefined) {
      rowIds = await ledger.vendorOwnAccountIds(vendor.code, executor);
      vendorRowIds.set(vendor.code, rowIds);
    }
    const vendorId = rowIds[vendorShardOf(inBatch ? null : memberId)];
    if (vendorId === undefined)
      throw new Error(`no row of vendor ${vendor.code}'s account for member ${memberId}`);
    return { mainId, vendorId, vendorRowIds: rowIds };
  }

  const roundKey = (vendor: VendorRow, memberId: bigint, request: MovementRequest): store.RoundKey => ({
    vendorCode: vendor.code,
    roundId: request.roundId,
    memberId,
  });

  return {
    /**
     * A bet: member's main wallet → the vendor's account, the stake added to the open round.
     * Refused for a member who may not bet (a disabled account), checked as the id is claimed.
     */
    async debit(vendor: VendorRow, memberId: bigint, request: VendorDebitRequest): Promise<Movement> {
      const amount = BigInt(request.amountMinor);
      const accounts = await accountsOf(vendor, memberId);
      // Only the debit that opens the round writes it (claimDebit); later debits keep the round's.
      const category = await categoryOfRound(vendor, request.gameCode);
      return claimAndMove(
        vendor,
        memberId,
        'DEBIT',
        request,
        async (tx, claim) => {
          const outcome = await store.claimDebit(tx, claim, {
            category,
            settlesAt: request.settlesAt ? new Date(request.settlesAt) : null,
          });
          if (!outcome.mayBet) throw new AppError('ACCOUNT_DISABLED');
          return outcome;
        },
        async (tx) => {
          const closed = await store.findRoundForUpdate(tx, roundKey(vendor, memberId, request));
          return new AppError(closed?.status === 'CANCELLED' ? 'ROUND_CANCELLED' : 'ROUND_CLOSED');
        },
        async (tx, claimedId, outcome) => {
          // A member without bonus money (read by the claim) stakes real money only, as before.
          const split =
            outcome.bonusBalanceMinor > 0n
              ? await bonusStakes.stakeLegs(tx, memberId, accounts, amount)
              : undefined;
          const posted = await ledger.postAllOrNothing(
            {
              type: 'VENDOR_DEBIT',
              reference: `${vendor.code} round ${request.roundId}`,
              actor: `vendor:${vendor.code}`,
              idempotencyKey: ledgerKeyOf(vendor.code, request.transactionId),
              entries: split?.entries ?? [
                { accountId: accounts.mainId, amountMinor: -amount },
                { accountId: accounts.vendorId, amountMinor: amount },
              ],
            },
            tx,
          );
          if (split && split.bonusMinor > 0n) {
            await store.addBonusStake(tx, roundKey(vendor, memberId, request), split.bonusMinor);
          }
          const balance = split
            ? split.balanceAfterMinor
            : mainBalanceAfter(posted, accounts.mainId) + outcome.bonusBalanceMinor;
          const answer = answerOf(request, amount, balance);
          await store.completeTransaction(tx, claimedId, {
            amountMinor: amount,
            ledgerTransactionId: posted.id,
            answer,
          });
          return answer;
        },
      );
    },

    /**
     * A win settling the round: the vendor's account → the member's main wallet ("0": a lost round).
     * Given `within` (a batch's transaction), in a savepoint of it: a refusal undoes this credit only.
     */
    async credit(
      vendor: VendorRow,
      memberId: bigint,
      request: VendorCreditRequest,
      within?: Transaction,
    ): Promise<Movement> {
      const amount = BigInt(request.amountMinor);
      const accounts = await accountsOf(vendor, memberId, within);
      return claimAndMove(
        vendor,
        memberId,
        'CREDIT',
        request,
        store.claimCredit,
        async (tx) => {
          const round = await store.findRoundForUpdate(tx, roundKey(vendor, memberId, request));
          if (!round) return new AppError('ROUND_NOT_FOUND');
          if (round.status === 'CANCELLED') return new AppError('ROUND_CANCELLED');
          return new Error(`round ${request.roundId} of ${vendor.code} neither settled nor refused`);
        },
        async (tx, claimedId, outcome) => {
          let balance: bigint;
          let ledgerTransactionId: bigint | null = null;
          // A win returns in the shares that funded the stake (ADR 059); a round staked with real
          // money only (bonus stake 0, read by the claim) pays the main wallet, as before.
          const bonusShare = bonusShareOf(amount, outcome.stakeMinor, outcome.bonusStakeMinor);
          // A zero credit moves no money (the ledger has no zero postings): it only settles the round.
          if (amount > 0n) {
            const entries =
              bonusShare > 0n
                ? await bonusStakes.returnLegs(
                    tx,
                    memberId,
                    { mainId: accounts.mainId, payerId: accounts.vendorId },
                    amount,
                    bonusShare,
                  )
                : [
                    { accountId: accounts.vendorId, amountMinor: -amount },
                    { accountId: accounts.mainId, amountMinor: amount },
                  ];
            const posted = await ledger.postAllOrNothing(
              {
                type: 'VENDOR_CREDIT',
                reference: `${vendor.code} round ${request.roundId}`,
                actor: `vendor:${vendor.code}`,
                idempotencyKey: ledgerKeyOf(vendor.code, request.transactionId),
                entries,
              },
              tx,
            );
            balance =
              bonusShare > 0n
                ? await ledger.playableBalanceOf(memberId, tx)
                : mainBalanceAfter(posted, accounts.mainId) + outcome.bonusBalanceMinor;
            ledgerTransactionId = posted.id;
          } else {
            balance = await ledger.playableBalanceOf(memberId, tx);
          }
          const answer = answerOf(request, amount, balance);
          await store.completeTransaction(tx, claimedId, {
            amountMinor: amount,
            ledgerTransactionId,
            answer,
          });
          return answer;
        },
        within,
      );
    },

    /**
     * A correction of a settled round (ADR 044): a compensating posting between the member's main
     * wallet and the vendor's account, the round's payout adjusted by it, the earlier movements
     * untouched. A debit takes back at most what the round paid, and only what the balance holds.
     */
    async correction(
      vendor: VendorRow,
      memberId: bigint,
      request: VendorCorrectionRequest,
    ): Promise<Movement> {
      const amount = BigInt(request.amountMinor);
      const pays = request.direction === 'CREDIT';
      const accounts = await accountsOf(vendor, memberId);
      return once(vendor, memberId, 'CORRECTION', request, amount, async (tx, claimed) => {
        const key = roundKey(vendor, memberId, request);
        const round = await store.findRoundForUpdate(tx, key);
        if (!round) throw new AppError('ROUND_NOT_FOUND');
        if (round.status !== 'SETTLED') throw new AppError('ROUND_NOT_SETTLED');
        if (!pays && amount > round.payoutMinor) {
          throw new AppError('CORRECTION_EXCEEDS_PAYOUT', {
            message: `Round ${request.roundId} paid ${round.payoutMinor}: a correction takes back at most that`,
          });
        }
        const posted = await ledger.postAllOrNothing(
          {
            type: pays ? 'VENDOR_CREDIT' : 'VENDOR_DEBIT',
            reference: `${vendor.code} round ${request.roundId} corrected: ${request.reason}`,
            actor: `vendor:${vendor.code}`,
            idempotencyKey: ledgerKeyOf(vendor.code, request.transactionId),
            entries: pays
              ? [
                  { accountId: accounts.vendorId, amountMinor: -amount },
                  { accountId: accounts.mainId, amountMinor: amount },
                ]
              : [
                  { accountId: accounts.mainId, amountMinor: -amount },
                  { accountId: accounts.vendorId, amountMinor: amount },
                ],
          },
          tx,
        );
        await store.adjustPayout(tx, key, pays ? amount : -amount);
        const answer = answerOf(request, amount, await ledger.playableBalanceOf(memberId, tx));
        await store.completeTransaction(tx, claimed.id, {
          amountMinor: amount,
          ledgerTransactionId: posted.id,
          answer,
        });
        return answer;
      });
    },

    /**
     * A refund of one debit of an open round, by reversing its posting. A debit never seen is
     * recorded as a tombstone (nothing moves), so that when it arrives late it is refused.
     */
    async rollback(vendor: VendorRow, memberId: bigint, request: VendorRollbackRequest): Promise<Movement> {
      const accounts = await accountsOf(vendor, memberId);
      return once(vendor, memberId, 'ROLLBACK', request, null, async (tx, claimed) => {
        const nothingRefunded = async () => {
          const answer = answerOf(request, 0n, await ledger.playableBalanceOf(memberId, tx));
          await store.completeTransaction(tx, claimed.id, {
            amountMinor: 0n,
            ledgerTransactionId: null,
            answer,
          });
          return answer;
        };
        let debit = await store.findTransactionForUpdate(tx, vendor.code, request.refTransactionId);
        if (!debit) {
          const tombstone = await store.claimTransaction(tx, {
            vendorCode: vendor.code,
            transactionId: request.refTransactionId,
            kind: 'DEBIT',
            status: 'TOMBSTONE',
            memberId,
            roundId: request.roundId,
            gameCode: request.gameCode,
            fingerprint: 'tombstone',
          });
          if (tombstone) return nothingRefunded();
          // The debit committed meanwhile: refund it after all.
          debit = await store.findTransactionForUpdate(tx, vendor.code, request.refTransactionId);
        }
        if (debit?.kind !== 'DEBIT') {
          throw new AppError('TRANSACTION_CONFLICT', {
            message: `refTransactionId ${request.refTransactionId} is not a debit`,
          });
        }
        if (debit.memberId !== memberId || debit.roundId !== request.roundId) {
          throw new AppError('TRANSACTION_CONFLICT', {
            message: `Debit ${request.refTransactionId} belongs to another player or round`,
          });
        }
        if (debit.status !== 'APPLIED' || debit.ledgerTransactionId === null) return nothingRefunded();
        const key = roundKey(vendor, memberId, request);
        const round = await store.findRoundForUpdate(tx, key);
        if (round?.status === 'SETTLED') throw new AppError('ROUND_CLOSED');
        // Refunded by an operator (open-rounds.service.ts): the stake went back with the round's
        // cancellation, not by this debit's reversal, which would return it twice.
        if (round?.status === 'CANCELLED') return nothingRefunded();
        const reversed = await ledger.reverse(
          debit.ledgerTransactionId,
          {
            actor: `vendor:${vendor.code}`,
            idempotencyKey: ledgerKeyOf(vendor.code, request.transactionId),
            reason: `${vendor.code} rollback of ${request.refTransactionId} in round ${request.roundId}`,
          },
          tx,
        );
        const amount = debit.amountMinor ?? 0n;
        // The reversal gave each balance back exactly what it gave: the bonus leg is the one
        // that is neither the main wallet nor a row of the vendor's account (the debit's row may be
        // another than this call's: one posted before the account had rows, ADR 080).
        const bonusReturned =
          reversed.entries.find(
            (entry) =>
              entry.accountId !== accounts.mainId && !accounts.vendorRowIds.includes(entry.accountId),
          )?.amountMinor ?? 0n;
        await bonusStakes.settleReturnedBonus(tx, memberId, accounts.mainId, bonusReturned, {
          idempotencyKey: `${ledgerKeyOf(vendor.code, request.transactionId)}:bonus`,
          reference: `${vendor.code} rollback of ${request.refTransactionId}: bonus stake after its grant closed`,
          actor: `vendor:${vendor.code}`,
        });
        await store.markRolledBack(tx, debit.id);
        await store.removeStake(tx, key, amount, bonusReturned);
        const answer = answerOf(request, amount, await ledger.playableBalanceOf(memberId, tx));
        await store.completeTransaction(tx, claimed.id, {
          amountMinor: amount,
          ledgerTransactionId: reversed.id,
          answer,
        });
        return answer;
      });
    },
  };
}
export type SeamlessMovements = ReturnType<typeof createSeamlessMovements>;
