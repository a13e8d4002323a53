import { ErrorCatalogue } from '@fortuna/contracts/errors';
import type { MemberInfo } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../shared/api/api-error.ts';
import { MEMBER_QUERY_KEY, memberInfoQuery } from '../../shared/api/get-member-info.ts';
import { logoutOnServer } from '../../shared/api/logout.ts';
import { useSiteInfo } from '../../shared/api/site.ts';
import { useNavigateOnce } from '../../shared/routing/navigate-once.ts';
import { type SessionLoginType, useSession } from '../../shared/session/session-store.ts';
import { usePopups } from '../../shared/state/popups.ts';
import { markFirstLoginDone } from './api/first-login.ts';

export type CompleteLoginOptions = { type: SessionLoginType; page: 'lobby' | 'agent' };
export type CompleteLogin = (value: LoginValue, options: CompleteLoginOptions) => Promise<void>;

/**
 * Spec 4.2 steps 3–6, after any call that answers with a session (login, free play, register,
 * password set by phone): keep the token and user info, load member info, run the first-login
 * action, then either force a password change or close the popups and go home (or to the agent
 * centre). Rejects with an ApiError when the session cannot be completed.
 */
export function useCompleteLogin(): CompleteLogin {
  const queryClient = useQueryClient();
  const navigateOnce = useNavigateOnce();
  const site = useSiteInfo();

  return useCallback(
    async (value, { type, page }) => {
      const session = useSession.getState();
      // Another member's cached data must never show under the new session.
      queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
      session.startSession(value.token, type);
      session.setUserInfo(value.userInfo);
      let member: MemberInfo;
      try {
        member = await queryClient.fetchQuery(memberInfoQuery);
      } catch (failure) {
        session.endSession();
        throw failure;
      }
      // The server refuses a player on the agent page already; this keeps a wrong answer out too.
      if (page === 'agent' && !member.isAgent) {
        await logoutOnServer().catch(() => undefined);
        useSession.getState().endSession();
        const { status, message } = ErrorCatalogue.NON_AGENT_LOGIN;
        throw new ApiError('NON_AGENT_LOGIN', message, status);
      }
      useSession.getState().setMemberInfo(member);

      if (value.firstTimeLogin) {
        // The marker only matters for next time: the login itself stands if it fails.
        await markFirstLoginDone().catch(() => undefined);
      }

      // The server says passwordExpired only when the expiry module is on and the password is old,
      // or when someone else chose it (an agent's new downline, ADR 031): either way it must change.
      const mustChangePassword =
        (value.passwordIsDefault && isModuleEnabled(site.whitelabel, 'FORCECHGPWD3')) ||
        value.passwordExpired;
      // Spec 4.2 step 5: an SMS login proved the phone, not the password, so it is not forced.
      const next = page === 'agent' ? '/agentHome' : '/';
      if (mustChangePassword && type !== 'sms') {
        usePopups.getState().show('changePassword', { forced: true, next });
        return;
      }
      usePopups.getState().close();
      navigateOnce(next);
    },
    [queryClient, navigateOnce, site.whitelabel],
  );
}
