import http from 'node:http';
import { type VendorCall, vendorCallPath } from '@fortuna/contracts/vendor-protocol';
import { VENDOR_ACCOUNT_SHARDS } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { vendorSignedHeaders } from '../../apps/server/src/modules/vendors/vendor-signature.ts';
import { runOnSchedule, send } from './http-load.ts';

/**
 * The SQL of one vendor round as the seamless wallet writes it (seamless-movements.ts): a debit
 * (claim the vendor's transaction id, open the round, claim the ledger key, the two balance updates
 * in account order, both entries, store the answer) and then a credit (claim, lock the round,
 * posting, settle the round, store the answer), two database transactions, as two HTTP calls are.
 * Client n plays for vendor n % vendorCount, one of its `playersPerVendor` members at random.
 */
export function vendorRoundScript(layout: {
  vendorCodePrefix: string;
  vendorCount: number;
  playersPerVendor: number;
  /** The first vendor's first account row; each vendor's rows follow in shard order (ADR 080). */
  firstVendorRowId: bigint;
  firstMemberAccountId: bigint;
  firstMemberId: bigint;
}): string {
  const vendorCode = `'${layout.vendorCodePrefix}' || lpad(:v::text, 2, '0')`;
  const key = (kind: string) => `'${kind}' || :client_id || '-' || :r`;
  const answer = `'{"balanceMinor":"' || :ma || '"}'`;
  return `\\set v :client_id % ${layout.vendorCount}
\\set p random(0, ${layout.playersPerVendor - 1})
\\set member ${layout.firstMemberId} + :v * ${layout.playersPerVendor} + :p
\\set member_account ${layout.firstMemberAccountId} + :v * ${layout.playersPerVendor} + :p
\\set vendor_account ${layout.firstVendorRowId} + :v * ${VENDOR_ACCOUNT_SHARDS} + 1 + :member % ${VENDOR_ACCOUNT_SHARDS - 1}
\\set amount random(100, 5000)
\\set win random(1, 10000)
\\set r random(1, 1000000000000)
BEGIN;
insert into vendor_transactions (vendor_code, transaction_id, kind, status, member_id, round_id, game_code, amount_minor, fingerprint) values (${vendorCode}, ${key('d')}, 'DEBIT', 'APPLIED', :member, ${key('r')}, 'g', :amount, 'pgbench') returning id as debit_id \\gset
insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, live_debits) values (${vendorCode}, ${key('r')}, :member, 'g', 'RNG', :amount, 1) on conflict (vendor_code, round_id, member_id) do update set stake_minor = bet_records.stake_minor + excluded.stake_minor, live_debits = bet_records.live_debits + 1, updated_at = now() where bet_records.status = 'OPEN' returning id as round_row \\gset
insert into ledger_transactions (type, reference, actor, idempotency_key, request_fingerprint) values ('VENDOR_DEBIT', 'pgbench round', 'system', 'pgb:' || ${key('d')}, 'pgbench') returning id as debit_tx \\gset
update ledger_accounts set balance_minor = balance_minor + :amount where id = :vendor_account returning balance_minor as va \\gset
update ledger_accounts set balance_minor = balance_minor - :amount where id = :member_account and balance_minor - :amount >= 0 returning balance_minor as ma \\gset
insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor) values (:debit_tx, :vendor_account, :amount, :va), (:debit_tx, :member_account, -:amount, :ma);
update vendor_transactions set ledger_transaction_id = :debit_tx, answer = (${answer})::jsonb where id = :debit_id;
END;
BEGIN;
insert into vendor_transactions (vendor_code, transaction_id, kind, status, member_id, round_id, game_code, amount_minor, fingerprint) values (${vendorCode}, ${key('c')}, 'CREDIT', 'APPLIED', :member, ${key('r')}, 'g', :win, 'pgbench') returning id as credit_id \\gset
select id as locked_round from bet_records where vendor_code = ${vendorCode} and round_id = ${key('r')} and member_id = :member for update \\gset
insert into ledger_transactions (type, reference, actor, idempotency_key, request_fingerprint) values ('VENDOR_CREDIT', 'pgbench round', 'system', 'pgb:' || ${key('c')}, 'pgbench') returning id as credit_tx \\gset
update ledger_accounts set balance_minor = balance_minor - :win where id = :vendor_account returning balance_minor as va \\gset
update ledger_accounts set balance_minor = balance_minor + :win where id = :member_account returning balance_minor as ma \\gset
insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor) values (:credit_tx, :vendor_account, -:win, :va), (:credit_tx, :member_account, :win, :ma);
update bet_records set payout_minor = payout_minor + :win, valid_bet_minor = stake_minor, status = 'SETTLED', settled_at = coalesce(settled_at, now()), updated_at = now() where id = :locked_round;
update vendor_transactions set ledger_transaction_id = :credit_tx, answer = (${answer})::jsonb where id = :credit_id;
END;
`;
}

export interface RoundLoadResult {
  rounds: number;
  seconds: number;
  /** Milliseconds from sending the debit (open loop: from when the round was due) to the credit's answer, sorted. */
  latencies: number[];
  failures: Map<string, number>;
}

interface RoundOptions {
  secret: string;
  /**
   * The game played. Rounds are filed under their game's category in the catalogue; a game the
   * catalogue does not list takes the fallback (the vendor's first category, with a warning).
   */
  gameCode?: string;
  /** The vendor (one per client: 0 … clients − 1) and one of its players for the next round. */
  playerOf: (client: number) => { vendorCode: string; playerId: string };
}

/**
 * What both loads share: a keep-alive agent of `connections` sockets and `play(client, onAnswered)`,
 * one round (a signed debit, then a signed credit of the same round), which counts a failure or
 * calls `onAnswered` when the credit is answered.
 */
function roundPlayer(baseUrl: string, connections: number, options: RoundOptions) {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback URL: ${baseUrl}`);
  const port = Number(url.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const failures = new Map<string, number>();
  const fail = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  let serial = 0;
  // Transaction ids are unique per vendor for good: a second run (the warm-up, then each round)
  // must not reuse the first one's.
  const run = Math.random().toString(36).slice(2, 10);
  const signed = (vendorCode: string, call: VendorCall, body: object) => {
    const raw = JSON.stringify(body);
    return {
      method: 'POST' as const,
      path: vendorCallPath(vendorCode, call),
      headers: vendorSignedHeaders(options.secret, raw),
      body: raw,
    };
  };
  const refused = (call: string, answer: { status: number; body: string }) => {
    fail(`${call} HTTP ${answer.status} ${(JSON.parse(answer.body) as { code?: string }).code ?? ''}`);
  };
  async function play(client: number, onAnswered: () => void): Promise<void> {
    serial += 1;
    const n = serial;
    const { vendorCode, playerId } = options.playerOf(client);
    const round = { playerId, roundId: `r${run}-${client}-${n}`, gameCode: options.gameCode ?? 'bench-slot' };
    try {
      const debit = await send(
        agent,
        port,
        signed(vendorCode, 'debit', {
          ...round,
          transactionId: `d${run}-${client}-${n}`,
          amountMinor: String(100 + (n % 4_900)),
        }),
      );
      if (debit.status !== 200) return refused('debit', debit);
      const credit = await send(
        agent,
        port,
        signed(vendorCode, 'credit', {
          ...round,
          transactionId: `c${run}-${client}-${n}`,
          amountMinor: String(1 + (n % 10_000)),
        }),
      );
      if (credit.status !== 200) return refused('credit', credit);
      onAnswered();
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  return { agent, failures, play };
}

/**
 * `clients` vendors, each playing one round after another (a signed debit, then a signed credit
 * of the same round) for `seconds`, closed loop. Latency runs from sending the debit.
 */
export async function runVendorRounds(
  baseUrl: string,
  options: RoundOptions & { clients: number; seconds: number },
): Promise<RoundLoadResult> {
  const { agent, failures, play } = roundPlayer(baseUrl, options.clients, options);
  const latencies: number[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        await play(client, () => latencies.push(performance.now() - sentAt));
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  return { rounds: latencies.length, seconds, latencies: latencies.sort((a, b) => a - b), failures };
}

/**
 * Rounds started at a fixed `ratePerSecond` whatever the answers do (open loop), the vendors taking
 * turns, over at most `connections` keep-alive connections; a round's latency runs from when it
 * was due to its credit's answer, so a queue in front of a saturated server counts (no
 * coordinated omission). This is the latency at a chosen throughput; the closed loop above is the
 * highest throughput, where 50 clients make the mean latency 50 ÷ rounds/s (Little's law).
 */
export async function runOpenVendorRounds(
  baseUrl: string,
  options: RoundOptions & { ratePerSecond: number; seconds: number; connections: number; vendors: number },
): Promise<RoundLoadResult> {
  const { agent, failures, play } = roundPlayer(baseUrl, options.connections, options);
  const latencies: number[] = [];
  let started = 0;
  const seconds = await runOnSchedule(options.ratePerSecond, options.seconds, (dueAt) => {
    started += 1;
    return play(started % options.vendors, () => latencies.push(performance.now() - dueAt));
  });
  agent.destroy();
  return { rounds: latencies.length, seconds, latencies: latencies.sort((a, b) => a - b), failures };
}
