import { createHash } from 'node:crypto';

/** What a ledger transaction is for; the wallet, deposit, withdrawal and vendor flows add theirs here. */
export const TRANSACTION_TYPES = [
  'OPENING',
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAYOUT',
  'TRANSFER',
  'VENDOR_DEBIT',
  'VENDOR_CREDIT',
  /**
   * Promotions (ADR 045): BONUS grants into the bonus balance and releases it to the main wallet
   * (so the main wallet, and agents' team figures, see a bonus when it becomes the member's);
   * BONUS_FORFEIT returns an unreleased bonus to the house.
   */
  'BONUS',
  'BONUS_FORFEIT',
  'REBATE',
  /** Agent contracts (ADR 038): a salary or dividend bill's payment, from its payer to the agent. */
  'SALARY',
  'DIVIDEND',
  'ADJUSTMENT',
  'REVERSAL',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** One leg: a positive amount credits the account (its balance grows), a negative one debits it. */
export interface PostingEntry {
  accountId: bigint;
  amountMinor: bigint;
}

export interface PostingRequest {
  type: TransactionType;
  reference: string;
  /** 'member:12', 'operator:3', 'vendor:PG', 'system'. */
  actor: string;
  idempotencyKey: string;
  entries: PostingEntry[];
}

/** No single movement is larger than this: 10^15 minor units, far beyond any real amount. */
export const MAX_ENTRY_MINOR = 10n ** 15n;
const MAX_KEY_LENGTH = 200;
const MAX_REFERENCE_LENGTH = 500;
const ACTOR = /^(system|(member|agent|operator|vendor):[A-Za-z0-9_.-]{1,64})$/;

/**
 * A posting that breaks the ledger's rules. Callers validate what people send before they post,
 * so reaching this is a bug in the caller: it is thrown, not answered as a client error.
 */
export class InvalidPostingError extends Error {
  override name = 'InvalidPostingError';
}

/** Refuses a posting that is not balanced, too small, zero, too large or badly labelled. */
export function checkPosting(request: PostingRequest): void {
  const fail = (reason: string): never => {
    throw new InvalidPostingError(`ledger posting ${JSON.stringify(request.idempotencyKey)}: ${reason}`);
  };
  if (!(TRANSACTION_TYPES as readonly string[]).includes(request.type)) fail(`unknown type ${request.type}`);
  if (request.idempotencyKey.length === 0 || request.idempotencyKey.length > MAX_KEY_LENGTH) {
    fail(`the idempotency key must have 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (request.reference.trim().length === 0 || request.reference.length > MAX_REFERENCE_LENGTH) {
    fail(`the reference must have 1 to ${MAX_REFERENCE_LENGTH} characters`);
  }
  if (!ACTOR.test(request.actor)) fail(`actor ${JSON.stringify(request.actor)} is not kind:id or system`);
  if (request.entries.length < 2) fail('a transaction needs at least two entries');
  const accounts = new Set<bigint>();
  let sum = 0n;
  for (const entry of request.entries) {
    if (entry.amountMinor === 0n) fail(`account ${entry.accountId} has a zero amount`);
    const size = entry.amountMinor < 0n ? -entry.amountMinor : entry.amountMinor;
    if (size > MAX_ENTRY_MINOR)
      fail(`account ${entry.accountId}: |${entry.amountMinor}| exceeds ${MAX_ENTRY_MINOR}`);
    if (accounts.has(entry.accountId)) fail(`account ${entry.accountId} appears twice`);
    accounts.add(entry.accountId);
    sum += entry.amountMinor;
  }
  if (sum !== 0n) fail(`the entries sum to ${sum}, not 0`);
}

/** Entries in the order balances are changed: lowest account first, so concurrent postings never deadlock. */
export function inAccountOrder(entries: PostingEntry[]): PostingEntry[] {
  return [...entries].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

/**
 * The fingerprint of what a request asks for, independent of entry order and of who delivers it:
 * a second delivery with the same key and the same fingerprint is a retry, with another one a
 * reused key.
 */
export function requestFingerprint(request: PostingRequest, reversesTransactionId: bigint | null): string {
  const canonical = JSON.stringify({
    type: request.type,
    reference: request.reference,
    reverses: reversesTransactionId?.toString() ?? null,
    entries: inAccountOrder(request.entries).map((entry) => [
      entry.accountId.toString(),
      entry.amountMinor.toString(),
    ]),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
