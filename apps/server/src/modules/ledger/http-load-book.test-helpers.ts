import { expect } from 'vitest';
import type { SeededRandom } from '../../platform/seeded-random.ts';
import type { Answer, Call, Delivery, HttpLoadClient } from '../../test/http-load-client.ts';

/** A member of the load: logged in, with a payee account, in a line of agent → sub-agent → players. */
export interface LoadMember {
  id: bigint;
  username: string;
  headers: Record<string, string>;
  payeeId: string;
  upline: string | null;
  /** Usernames of everyone below in the line (agents pay any of them). */
  below: string[];
  /** The member's player id at the load's seamless vendor. */
  playerId: string;
}

/**
 * What the acknowledged operations imply: each member's main and vendor wallet changes, the
 * ledger keys that must be there exactly once and those that must not be there at all.
 */
export class Book {
  readonly main = new Map<bigint, bigint>();
  readonly vendor = new Map<string, bigint>();
  readonly appliedKeys = new Set<string>();
  readonly unappliedKeys = new Set<string>();
  readonly refusals = new Map<string, number>();
  /** Abandoned calls whose only answer was a refusal: the abandoned attempt may still have gone through. */
  readonly uncertain: (() => Promise<void>)[] = [];

  credit(memberId: bigint, amountMinor: bigint): void {
    this.main.set(memberId, (this.main.get(memberId) ?? 0n) + amountMinor);
  }

  creditVendor(memberId: bigint, vendor: string, amountMinor: bigint): void {
    const key = `${memberId}:${vendor}`;
    this.vendor.set(key, (this.vendor.get(key) ?? 0n) + amountMinor);
  }

  applied(key: string): void {
    expect(this.appliedKeys.has(key), `${key} acknowledged twice as new`).toBe(false);
    this.appliedKeys.add(key);
    this.unappliedKeys.delete(key);
  }

  unapplied(key: string): void {
    if (!this.appliedKeys.has(key)) this.unappliedKeys.add(key);
  }

  refused(code: string | undefined): void {
    const name = code ?? 'NO_CODE';
    this.refusals.set(name, (this.refusals.get(name) ?? 0) + 1);
  }
}

export interface LoadContext {
  client: HttpLoadClient;
  random: SeededRandom;
  book: Book;
  members: LoadMember[];
  byUsername: Map<string, LoadMember>;
  /** A FINANCE operator's bearer header. */
  operator: Record<string, string>;
  gatewaySecret: string;
  /** The seamless vendor whose signed debits and credits take part in the load. */
  vendor: { code: string; secret: string };
}

/** Mostly one delivery; about one in eight twice at once, one in eight abandoned and resent. */
export function pickDelivery(random: SeededRandom): Delivery {
  const roll = random.int(1, 100);
  return roll <= 75 ? 'once' : roll <= 87 ? 'twice-at-once' : 'abandoned-then-resent';
}

/**
 * A call that moves money under one ledger key. Any 200 answers must name the same result (the
 * first answer replayed); anything else must be one of the expected refusals. Answers the
 * result when the move was acknowledged.
 */
export async function moneyCall(
  ctx: LoadContext,
  call: Call,
  /** The ledger key the move is posted under; null when it moves nothing (a zero win). */
  key: string | null,
  refusalCodes: string[],
  idOf: (value: Record<string, unknown>) => unknown,
  onApplied: (value: Record<string, unknown>) => void,
): Promise<Record<string, unknown> | undefined> {
  const settle = (answers: Answer[], abandoned: boolean): Record<string, unknown> | undefined => {
    for (const answer of answers) {
      if (answer.status !== 200)
        expect(refusalCodes, JSON.stringify(answer.body)).toContain(answer.body.code);
    }
    const accepted = answers.flatMap((answer) =>
      answer.status === 200 && answer.body.value ? [answer.body.value] : [],
    );
    expect(new Set(accepted.map(idOf)).size).toBeLessThanOrEqual(1);
    const first = accepted[0];
    if (first) {
      if (key) ctx.book.applied(key);
      onApplied(first);
      return first;
    }
    if (abandoned) {
      // Read again once the server is idle: the abandoned attempt has then committed or not.
      ctx.book.uncertain.push(async () => {
        settle([await ctx.client.send(call)], false);
      });
      return undefined;
    }
    if (key) ctx.book.unapplied(key);
    ctx.book.refused(answers[0]?.body.code);
    return undefined;
  };
  const { answers, abandoned } = await ctx.client.deliver(
    call,
    pickDelivery(ctx.random),
    ctx.random.int(0, 4),
  );
  return settle(answers, abandoned);
}

/**
 * An operator's decision (approve, reject, paid): sent once it must succeed; sent twice at once
 * exactly one succeeds and the other finds it already done (409); abandoned and resent, the
 * resend succeeds or finds the abandoned attempt's work done.
 */
export async function operatorDecision(ctx: LoadContext, call: Call): Promise<void> {
  const delivery = pickDelivery(ctx.random);
  const { answers } = await ctx.client.deliver(call, delivery, ctx.random.int(0, 4));
  for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
  const succeeded = answers.filter((answer) => answer.status === 200).length;
  if (delivery === 'once') expect(succeeded).toBe(1);
  if (delivery === 'twice-at-once') expect(succeeded).toBe(1);
}
