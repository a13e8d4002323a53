import { createDownlineAccounts } from './downline-accounts.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { createLogin } from './login.ts';
import { createMemberProfile } from './member-profile.ts';
import { createPasswords } from './passwords.ts';
import { createRegistration } from './registration.ts';
import { createSessions } from './sessions.ts';
import { createTrialAndSocial } from './trial-and-social.ts';

/** Identity and access: who a member is, how they prove it, and the sessions that follow. */
export function createIdentityService(deps: IdentityDeps) {
  const sessions = createSessions(deps.db, deps.sessionPolicy, deps.sessionsEnded);
  return {
    sessions,
    ...createLogin(deps, sessions),
    registration: createRegistration(deps, sessions),
    passwords: createPasswords(deps, sessions),
    profile: createMemberProfile(deps),
    accounts: createTrialAndSocial(deps, sessions),
    downlines: createDownlineAccounts(deps),
    async logout(sessionTokenHash: string): Promise<void> {
      await sessions.revoke(sessionTokenHash);
    },
    /** Housekeeping: forgets reset links that expired more than a day ago. */
    purgeExpired(): Promise<number> {
      return store.deleteExpiredResetTokens(deps.db, new Date(Date.now() - 86_400_000));
    },
    /** For the SMS calls: codes are only ever sent to registered numbers. */
    async isRegisteredMobile(dialingCode: string, mobileNum: string): Promise<boolean> {
      return (await store.findMemberByMobile(deps.db, dialingCode, mobileNum)) !== undefined;
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
