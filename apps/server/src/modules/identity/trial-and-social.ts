import { randomBytes } from 'node:crypto';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import type { LoginValue, SocialProvider } from '@fortuna/contracts/session';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import type { ClientContext, IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { rememberDevice } from './known-devices.ts';
import { loginAnswer } from './login-answer.ts';
import type { Sessions } from './sessions.ts';

const TRIALS_PER_IP_PER_HOUR = 10;
const SOCIAL_FLAGS = { google: 'GOOGLELOGIN3', facebook: 'FBLOGIN3' } as const;

/** Accounts that are not made with a password: free-play trials and social one-click logins. */
export function createTrialAndSocial(deps: IdentityDeps, sessions: Sessions) {
  const { db, site, counter } = deps;

  /** A member row with a unique generated username; retries on the (unlikely) collision. */
  async function insertGenerated(prefix: string, fields: Omit<store.NewMember, 'username'>) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const username = `${prefix}${randomBytes(5).toString('hex')}`;
      const inserted = await store.insertMember(db, { ...fields, username });
      if ('member' in inserted) return inserted.member;
    }
    throw new Error('could not find a free generated username');
  }

  return {
    /** Spec 7.1 free-play login: a trial account (type 4) that can look but not play. */
    async freePlay(client: ClientContext): Promise<LoginValue> {
      if (!site.isFlagOn('FREEPLAY3')) throw new AppError('FEATURE_DISABLED');
      await enforceRateLimit(counter, `freeplay:ip:${client.ip}`, TRIALS_PER_IP_PER_HOUR, 3_600_000);
      const member = await insertGenerated('trial', {
        type: TRIAL_MEMBER_TYPE,
        nickname: `Guest ${randomBytes(2).readUInt16BE() % 10_000}`,
        registerIp: client.ip,
        firstTimeLogin: false,
      });
      const { token } = await sessions.issue(member, 'FREEPLAY', client);
      return loginAnswer(member, token);
    },

    isSocialEnabled: (provider: SocialProvider) => site.isFlagOn(SOCIAL_FLAGS[provider]),

    /**
     * One-click login: the provider's subject identifies the member; the first visit creates a
     * player account linked to it. The provider already proved who this is, so no password.
     */
    async loginWithSocial(
      identity: {
        provider: SocialProvider;
        subject: string;
        email?: string | null;
        displayName?: string | null;
      },
      client: ClientContext,
    ): Promise<LoginValue> {
      if (!site.isFlagOn(SOCIAL_FLAGS[identity.provider])) throw new AppError('FEATURE_DISABLED');
      const linked = await store.findSocialIdentity(db, identity.provider, identity.subject);
      let member = linked ? await store.findMemberById(db, linked.memberId) : undefined;
      if (!member) {
        const prefix = identity.provider === 'google' ? 'g' : 'f';
        member = await insertGenerated(prefix, {
          nickname: identity.displayName?.trim().slice(0, 40) || `Player ${randomBytes(2).readUInt16BE()}`,
          email: identity.email?.toLowerCase() ?? null,
          registerIp: client.ip,
        });
        await store.insertSocialIdentity(db, {
          provider: identity.provider,
          subject: identity.subject,
          memberId: member.id,
          email: identity.email ?? null,
        });
      }
      if (member.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
      const { token } = await sessions.issue(member, 'SOCIAL', client);
      await Promise.all([
        store.rememberIp(db, member.id, client.ip),
        rememberDevice(db, member.id, client),
        store.updateMember(db, member.id, { lastLoginAt: new Date(), lastLoginIp: client.ip }),
      ]);
      return loginAnswer(member, token);
    },
  };
}
