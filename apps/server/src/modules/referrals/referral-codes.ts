import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_LENGTH } from '@fortuna/contracts/referrals';
import type { Executor } from '../../platform/db/database.ts';
import * as store from './referrals.store.ts';

// The agents' alphabet (no 0/O, 1/I/L), longer: a member's code never reads as an agent's.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_TRIES = 5;

function drawCode(): string {
  return Array.from(
    { length: REFERRAL_CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/** Whether a registration's referral code may be a member's (an agent's invitation code is shorter). */
export function looksLikeReferralCode(code: string | undefined): code is string {
  return code !== undefined && code.length === REFERRAL_CODE_LENGTH && /^[A-Z0-9]+$/.test(code);
}

/** The member's referral code, made the first time it is asked for. */
export async function referralCodeOf(db: Executor, memberId: bigint): Promise<string> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const existing = await store.codeOf(db, memberId);
    if (existing) return existing;
    if (await store.insertCode(db, memberId, drawCode())) continue;
  }
  const code = await store.codeOf(db, memberId);
  if (!code) throw new Error(`no free referral code for member ${memberId} after ${CODE_TRIES} draws`);
  return code;
}
