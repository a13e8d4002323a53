import { randomInt } from 'node:crypto';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { hashPassword } from './password-hashing.ts';
import { enforcePasswordPolicy, passwordContextOf } from './password-policy.ts';

/** Letters and digits a person reads back without doubt (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_TRIES = 5;

function newAffiliateCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * Accounts an agent makes for its line (issue 15 register centre) and the invitation code players
 * type to join it. The agent module decides who may make what; identity keeps the account rules.
 */
export function createDownlineAccounts(deps: Pick<IdentityDeps, 'db' | 'site'>) {
  const { db, site } = deps;
  return {
    /**
     * A new member under `uplineId`, with the password its agent chose: under the members'
     * password policy, and to be replaced at the first login (`passwordMustChange`). Its place in
     * the line follows `upline_id` in the same statement (ADR 029).
     */
    async create(
      input: { username: string; password: string; type: number; uplineId: bigint; ip: string },
      tx: Executor = db,
    ): Promise<store.MemberRow> {
      enforcePasswordPolicy(input.password, passwordContextOf(site, input.username), 'body.password');
      const inserted = await store.insertMember(tx, {
        username: input.username,
        nickname: input.username,
        type: input.type,
        passwordHash: await hashPassword(input.password),
        passwordMustChange: true,
        uplineId: input.uplineId,
        registerIp: input.ip,
      });
      if ('duplicate' in inserted)
        throw new AppError('USERNAME_TAKEN', {
          issues: [{ field: 'body.username', message: 'This username is already registered' }],
        });
      return inserted.member;
    },

    /** The agent's invitation code; one is made the first time it is asked for. */
    async affiliateCodeOf(memberId: bigint): Promise<string> {
      for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
        const member = await store.findMemberById(db, memberId);
        if (!member) throw new AppError('NOT_FOUND');
        if (member.affiliateCode) return member.affiliateCode;
        // Set only while still empty: two first calls at once end with the same code.
        await store.setAffiliateCodeIfMissing(db, memberId, newAffiliateCode());
      }
      throw new Error('no free affiliate code after several tries');
    },
  };
}
export type DownlineAccounts = ReturnType<typeof createDownlineAccounts>;
