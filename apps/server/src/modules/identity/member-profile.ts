import type { MemberInfo } from '@fortuna/contracts/member';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { avatarDataUrl } from './avatar.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { maskEmail, maskMobile } from './masking.ts';

const AFFILIATE_CHECKS_PER_IP_PER_MINUTE = 20;

/** What a member may read and do about their own account. */
export function createMemberProfile(deps: IdentityDeps) {
  const { db, counter } = deps;
  return {
    /**
     * Spec 4.10: the member's language, one of the site's, stored so that messages and other
     * content answer in it from the next call on.
     */
    async setLanguage(memberId: bigint, requested: string, offered: string[]): Promise<string> {
      const language = requested.toUpperCase();
      if (!offered.includes(language)) {
        throw new AppError('UNSUPPORTED_LANGUAGE', {
          message: `body.language: ${language} is not one of this site's languages`,
          issues: [{ field: 'body.language', message: `must be one of ${offered.join(', ')}` }],
        });
      }
      await store.updateMember(db, memberId, { language });
      return language;
    },
    /** Built from the row the session lookup already read: no second query. */
    info(member: AuthenticatedMember): MemberInfo {
      return {
        id: String(member.memberId),
        account: member.username,
        nickname: member.nickname,
        type: member.type,
        isAgent: member.isAgent,
        isTrial: member.isTrial,
        mobile: maskMobile(member.dialingCode, member.mobileNum),
        email: maskEmail(member.email),
        language: member.language,
        firstTimeLogin: member.firstTimeLogin,
        createdAt: member.createdAt.toISOString(),
        lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      };
    },

    icon(member: AuthenticatedMember): { iconUrl: string } {
      return { iconUrl: avatarDataUrl(member.memberId, member.nickname) };
    },

    /** Spec 4.2 step 4: the first-login action runs once; afterwards firstTimeLogin is false. */
    async completeFirstLogin(member: AuthenticatedMember): Promise<void> {
      await store.updateMember(db, member.memberId, { firstTimeLogin: false });
    },

    /** Spec 4.6: an affiliate code must belong to an active agent ('invitation_code_error'). */
    async checkAffiliate(code: string, ip: string): Promise<{ valid: true; agent: string }> {
      await enforceRateLimit(counter, `affiliate:ip:${ip}`, AFFILIATE_CHECKS_PER_IP_PER_MINUTE, 60_000);
      const agent = await store.findMemberByAffiliateCode(db, code);
      if (agent?.status !== 'ACTIVE')
        throw new AppError('INVITATION_CODE_ERROR', {
          issues: [{ field: 'query.code', message: 'Invalid invitation code' }],
        });
      return { valid: true, agent: agent.nickname };
    },
  };
}
