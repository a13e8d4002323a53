import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { timestampedHmacOf } from '@fortuna/signing/timestamped-hmac';
import { createPlatformClient } from './platform-client.ts';

export const FAKE_SECRET = 'house-games-test-secret-0123456789';

export type Fault = 'down' | 'lose-answer' | 'http-500' | 'conflict';
export interface Received {
  call: string;
  body: Record<string, string>;
}

/**
 * A platform that keeps the protocol's rules for one vendor in memory (balances, idempotent
 * answers by transaction id, rollbacks, rounds settled by their credit) and checks every
 * signature, with faults to inject: the network down before the call, the answer lost after the
 * call was applied, a 500, or a refusal (409) of a call it read but did not apply.
 */
export function createFakePlatform(options: { secret?: string; balances?: Record<string, bigint> } = {}) {
  const secret = options.secret ?? FAKE_SECRET;
  const balances = new Map(Object.entries(options.balances ?? {}));
  const answers = new Map<string, { request: string; answer: object }>();
  const rounds = new Map<string, 'OPEN' | 'SETTLED' | 'CANCELLED'>();
  const debits = new Map<string, bigint>();
  /** What each settled round has paid: credits and corrections. */
  const payouts = new Map<string, bigint>();
  const rolledBack = new Set<string>();
  const faults: { call: string; fault: Fault; times: number; roundId?: string }[] = [];
  const received: Received[] = [];
  const applied: Received[] = [];
  let gate: Promise<void> | null = null;

  const envelope = (status: number, code: string, value: object = {}) =>
    new Response(
      JSON.stringify({ success: code === 'OK', code, message: code === 'OK' ? '' : code, value }),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    );

  function apply(call: string, body: Record<string, string>): Response {
    const balance = balances.get(body.playerId as string);
    if (balance === undefined) return envelope(404, 'PLAYER_NOT_FOUND');
    if (call === 'balance')
      return envelope(200, 'OK', { playerId: body.playerId, balanceMinor: String(balance), currency: 'PHP' });
    const id = body.transactionId as string;
    const requestKey = `${call}:${JSON.stringify(body)}`;
    const earlier = answers.get(id);
    if (earlier)
      return earlier.request === requestKey
        ? envelope(200, 'OK', earlier.answer)
        : envelope(409, 'TRANSACTION_CONFLICT');
    const round = body.roundId as string;
    let moved = 0n;
    if (call === 'debit') {
      if (rolledBack.has(id)) return envelope(409, 'TRANSACTION_ROLLED_BACK');
      if (rounds.get(round) === 'SETTLED') return envelope(409, 'ROUND_CLOSED');
      moved = BigInt(body.amountMinor as string);
      if (balance < moved) return envelope(409, 'INSUFFICIENT_FUNDS');
      balances.set(body.playerId as string, balance - moved);
      rounds.set(round, 'OPEN');
      debits.set(id, moved);
    } else if (call === 'credit') {
      if (!rounds.has(round)) return envelope(404, 'ROUND_NOT_FOUND');
      if (rounds.get(round) === 'CANCELLED') return envelope(409, 'ROUND_CANCELLED');
      moved = BigInt(body.amountMinor as string);
      balances.set(body.playerId as string, balance + moved);
      rounds.set(round, 'SETTLED');
      payouts.set(round, moved);
    } else if (call === 'correction') {
      // ADR 044: only a settled round; a debit takes back at most what it paid, from the balance.
      if (rounds.get(round) !== 'SETTLED') return envelope(409, 'ROUND_NOT_SETTLED');
      moved = BigInt(body.amountMinor as string);
      const paid = payouts.get(round) ?? 0n;
      const credit = body.direction === 'CREDIT';
      if (!credit && moved > paid) return envelope(409, 'CORRECTION_EXCEEDS_PAYOUT');
      if (!credit && moved > balance) return envelope(409, 'INSUFFICIENT_FUNDS');
      balances.set(body.playerId as string, credit ? balance + moved : balance - moved);
      payouts.set(round, credit ? paid + moved : paid - moved);
    } else {
      const ref = body.refTransactionId as string;
      if (rounds.get(round) === 'SETTLED') return envelope(409, 'ROUND_CLOSED');
      moved = rolledBack.has(ref) ? 0n : (debits.get(ref) ?? 0n);
      rolledBack.add(ref);
      balances.set(body.playerId as string, balance + moved);
      if (debits.has(ref)) rounds.set(round, 'CANCELLED');
    }
    applied.push({ call, body });
    const answer = {
      transactionId: id,
      playerId: body.playerId,
      roundId: round,
      amountMinor: String(moved),
      balanceMinor: String(balances.get(body.playerId as string)),
      currency: 'PHP',
      processedAt: new Date().toISOString(),
    };
    answers.set(id, { request: requestKey, answer });
    return envelope(200, 'OK', answer);
  }

  /** The batch credit call (ADR 055): each entry applied as a credit call, each answered on its own. */
  async function applyBatch(body: { credits: Record<string, string>[] }): Promise<Response> {
    const results = [];
    for (const credit of body.credits) {
      // An entry's own fault on one round, unapplied: 'http-500' answers it INTERNAL, 'conflict'
      // TRANSACTION_CONFLICT.
      const fault = faults.find(
        (item) => item.call === 'credit' && item.times > 0 && item.roundId === credit.roundId,
      );
      if (fault) fault.times -= 1;
      const entryFault = { 'http-500': 'INTERNAL', conflict: 'TRANSACTION_CONFLICT' } as Partial<
        Record<Fault, string>
      >;
      const faultCode = fault ? entryFault[fault.fault] : undefined;
      const answered = (
        faultCode ? { code: faultCode, value: {} } : await apply('credit', credit).json()
      ) as { code: string; value: object };
      const replayed = answered.code === 'OK' && applied.every((call) => call.body !== credit);
      results.push(
        answered.code === 'OK'
          ? { ok: true, transactionId: credit.transactionId, replayed, transaction: answered.value }
          : { ok: false, transactionId: credit.transactionId, code: answered.code, message: answered.code },
      );
    }
    return envelope(200, 'OK', { results });
  }

  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (gate) await gate;
    const call = String(url).split('/').pop() as string;
    const raw = String(init?.body ?? '');
    const headers = init?.headers as Record<string, string>;
    const timestamp = headers[VENDOR_TIMESTAMP_HEADER] ?? '';
    const expected = timestampedHmacOf(secret, timestamp, raw);
    const body = JSON.parse(raw) as Record<string, string>;
    received.push({ call, body });
    const fault = faults.find(
      (item) =>
        item.call === call && item.times > 0 && (item.roundId === undefined || item.roundId === body.roundId),
    );
    if (fault) fault.times -= 1;
    if (fault?.fault === 'down') throw new TypeError('fetch failed: connection refused');
    if (fault?.fault === 'http-500') return envelope(500, 'INTERNAL');
    // A refusal the platform gives after reading the call: nothing applied, no retry helps it.
    if (fault?.fault === 'conflict') return envelope(409, 'TRANSACTION_CONFLICT');
    if (headers[VENDOR_SIGNATURE_HEADER] !== expected) return envelope(401, 'SIGNATURE_INVALID');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return envelope(401, 'SIGNATURE_EXPIRED');
    const response =
      call === 'credits'
        ? await applyBatch(body as unknown as { credits: Record<string, string>[] })
        : apply(call, body);
    if (fault?.fault === 'lose-answer') throw new TypeError('fetch failed: socket hang up');
    return response;
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    balanceOf: (playerId: string) => balances.get(playerId),
    setBalance: (playerId: string, minor: bigint) => balances.set(playerId, minor),
    /** The next `times` calls of `call` (of one round only, given `roundId`) meet `fault`. */
    inject: (call: string, fault: Fault, times = 1, roundId?: string) =>
      faults.push({ call, fault, times, ...(roundId ? { roundId } : {}) }),
    /** Every call as it arrived (retries included), and those that moved money. */
    received,
    applied,
    roundStatus: (roundId: string) => rounds.get(roundId),
    /** Refunds a round as an operator would (ADR 015): a credit after it is refused ROUND_CANCELLED. */
    cancelRound: (roundId: string) => rounds.set(roundId, 'CANCELLED'),
    /** Opens a round as its debit would, for tests that write what they bet on directly. */
    openRound: (roundId: string) => rounds.set(roundId, 'OPEN'),
    /** What a settled round has paid, its corrections included. */
    roundPayout: (roundId: string) => payouts.get(roundId),
    /** Holds every call until the returned release is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}
export type FakePlatform = ReturnType<typeof createFakePlatform>;

/** The house games' platform client on `platform`: for a test that runs one of the lottery's passes itself. */
export const clientOn = (platform: FakePlatform) =>
  createPlatformClient({
    baseUrl: 'http://platform.test',
    vendorCode: 'FORTUNA',
    secret: FAKE_SECRET,
    fetch: platform.fetch,
  });

/** A launch URL's query as the platform's launch adapter signs it. */
export function signedLaunchQuery(
  params: Record<string, string>,
  options: { secret?: string; now?: number } = {},
): string {
  const search = new URLSearchParams({ vendor: 'FORTUNA', lang: 'EN', ...params });
  const ts = Math.floor((options.now ?? Date.now()) / 1000).toString();
  search.set('ts', ts);
  const unsigned = search.toString();
  const sig = timestampedHmacOf(options.secret ?? FAKE_SECRET, ts, unsigned);
  return `${unsigned}&sig=${sig}`;
}
