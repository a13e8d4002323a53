import type { FieldIssue } from '@fortuna/contracts/envelope';
import { VendorCodeSchema } from '@fortuna/contracts/games';
import {
  type VendorBalance,
  VendorBalanceRequestSchema,
  type VendorBatchResult,
  VendorCorrectionRequestSchema,
  VendorCreditBatchRequestSchema,
  VendorCreditRequestSchema,
  VendorDebitRequestSchema,
  VendorRollbackRequestSchema,
} from '@fortuna/contracts/vendor-protocol';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type LedgerService, vendorShardOf } from '../ledger/ledger.service.ts';
import type { BonusFateLookup } from './bonus-stakes.ts';
import { createSeamlessMovements, type GameCategoryLookup, type Movement } from './seamless-movements.ts';
import type { VendorRegistry, VendorRow } from './vendor-registry.ts';
import { vendorSignatureProblem } from './vendor-signature.ts';

type Headers = Record<string, string | string[] | undefined>;

/** The body as JSON, checked against the call's schema: every wrong field named, nothing written. */
function parseBody<S extends z.ZodType>(schema: S, rawBody: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('MALFORMED_REQUEST', { message: 'The body is not JSON' });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', {
    message: `Invalid ${issues.map((issue) => issue.field).join(', ')}: ${issues[0]?.message ?? ''}`,
    issues,
  });
}

/**
 * The seamless-wallet API that vendors call (docs/vendor-protocol.md). The order of checks is part
 * of the protocol: vendor known → signature and time window → vendor enabled and seamless → body
 * valid → player known → the call's own rules.
 */
export function createSeamlessWallet(deps: {
  db: Database;
  ledger: LedgerService;
  registry: VendorRegistry;
  currency: () => string;
  /** Where each round is filed: its game's category in the games catalogue (seamless-movements.ts). */
  gameCategory: GameCategoryLookup;
  /** Where bonus-funded money returning to a member goes now (bonus-stakes.ts, ADR 059). */
  bonusFate: BonusFateLookup;
  warn?: (message: string) => void;
  now?: () => number;
}) {
  const { ledger, registry } = deps;
  const now = deps.now ?? Date.now;
  const movements = createSeamlessMovements(deps);

  async function authenticate(vendorCode: string, headers: Headers, rawBody: string): Promise<VendorRow> {
    const vendor = VendorCodeSchema.safeParse(vendorCode).success
      ? await registry.find(vendorCode)
      : undefined;
    if (!vendor) throw new AppError('VENDOR_NOT_FOUND', { message: `No vendor has the code ${vendorCode}` });
    const problem = vendorSignatureProblem(
      vendor.sharedSecret,
      vendor.maxClockSkewSeconds,
      headers,
      rawBody,
      now(),
    );
    if (problem === 'stale') throw new AppError('SIGNATURE_EXPIRED');
    if (problem === 'missing') {
      throw new AppError('SIGNATURE_INVALID', { message: 'The timestamp or signature header is missing' });
    }
    if (problem) throw new AppError('SIGNATURE_INVALID');
    if (vendor.status === 'DISABLED') throw new AppError('VENDOR_DISABLED');
    if (vendor.walletMode !== 'SEAMLESS') throw new AppError('VENDOR_NOT_SEAMLESS');
    return vendor;
  }

  async function memberOf(vendor: VendorRow, playerId: string): Promise<bigint> {
    const memberId = await registry.memberOfPlayer(vendor.code, playerId);
    if (memberId === undefined) throw new AppError('PLAYER_NOT_FOUND');
    return memberId;
  }

  return {
    async balance(vendorCode: string, headers: Headers, rawBody: string): Promise<VendorBalance> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorBalanceRequestSchema, rawBody);
      const memberId = await memberOf(vendor, request.playerId);
      return {
        playerId: request.playerId,
        // Real money plus bonus money (ADR 059): a stake may draw on both.
        balanceMinor: (await ledger.playableBalanceOf(memberId)).toString(),
        currency: deps.currency(),
      };
    },

    /** Refused while the vendor is in maintenance (no new money goes into play) and for a disabled account. */
    async debit(vendorCode: string, headers: Headers, rawBody: string): Promise<Movement> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorDebitRequestSchema, rawBody);
      if (vendor.status === 'MAINTENANCE') throw new AppError('VENDOR_MAINTENANCE');
      return movements.debit(vendor, await memberOf(vendor, request.playerId), request);
    },

    /**
     * Accepted in maintenance and for a disabled account: it settles a round whose stake was
     * already taken.
     */
    async credit(vendorCode: string, headers: Headers, rawBody: string): Promise<Movement> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorCreditRequestSchema, rawBody);
      return movements.credit(vendor, await memberOf(vendor, request.playerId), request);
    },

    /**
     * Many credits in one transaction (ADR 055): each in a savepoint, exactly as the credit call
     * applies it (its own transaction id, ledger posting and bet record), so a replayed or
     * overlapping batch pays nothing twice and a refused entry (a cancelled round, an unknown
     * player) is answered as refused without undoing the others. The batch row of the vendor's
     * account (ADR 080) is locked first: every credit of a batch posts to it, and taking it first
     * lets two batches of the vendor queue instead of deadlocking on each other's rounds, while
     * the vendor's single bets, posted to its other rows, go on. Any other failure (the database)
     * undoes the whole batch: the vendor sends it again, and nothing is paid twice.
     */
    async credits(
      vendorCode: string,
      headers: Headers,
      rawBody: string,
    ): Promise<{ results: VendorBatchResult[] }> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorCreditBatchRequestSchema, rawBody);
      // The batch row of the vendor's account (ADR 080): every credit of the batch posts to it.
      const batchRowId = (await ledger.vendorOwnAccountIds(vendor.code))[vendorShardOf(null)] as bigint;
      // The players before the transaction: their lookups go to the database, not to the batch's
      // transaction (a database of one connection would wait on it).
      const membersOf = new Map<string, bigint | AppError>();
      for (const credit of request.credits)
        if (!membersOf.has(credit.playerId))
          membersOf.set(
            credit.playerId,
            await memberOf(vendor, credit.playerId).catch((error: unknown) => {
              if (error instanceof AppError) return error;
              throw error;
            }),
          );
      const results = await inTransaction(deps.db, async (tx) => {
        await ledger.lockedBalancesOf([batchRowId], tx);
        const answered: VendorBatchResult[] = [];
        for (const credit of request.credits) {
          try {
            const memberId = membersOf.get(credit.playerId);
            if (memberId instanceof AppError || memberId === undefined)
              throw memberId ?? new AppError('PLAYER_NOT_FOUND');
            const movement = await movements.credit(vendor, memberId, credit, tx);
            answered.push({
              ok: true,
              transactionId: credit.transactionId,
              replayed: movement.replayed,
              transaction: movement.answer,
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            answered.push({
              ok: false,
              transactionId: credit.transactionId,
              code: error.code,
              message: error.message,
            });
          }
        }
        return answered;
      });
      return { results };
    },

    /** Accepted in maintenance: it gives back a stake of a round that will not be played. */
    async rollback(vendorCode: string, headers: Headers, rawBody: string): Promise<Movement> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorRollbackRequestSchema, rawBody);
      return movements.rollback(vendor, await memberOf(vendor, request.playerId), request);
    },

    /** Accepted in maintenance and for a disabled account: it puts right a round already played. */
    async correction(vendorCode: string, headers: Headers, rawBody: string): Promise<Movement> {
      const vendor = await authenticate(vendorCode, headers, rawBody);
      const request = parseBody(VendorCorrectionRequestSchema, rawBody);
      return movements.correction(vendor, await memberOf(vendor, request.playerId), request);
    },
  };
}
export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
