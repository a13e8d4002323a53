import { MERCHANT_CODE_KEY, SESSION_TOKEN_KEY } from '@fortuna/contracts/constants';
import type { MemberInfo } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { create } from 'zustand';

/** How the session began: the login tabs, registration, phone password reset, social or free play. */
export type SessionLoginType = 'username' | 'sms' | 'register' | 'phone' | 'social' | 'freeplay';

export type SessionUserInfo = LoginValue['userInfo'];

interface SessionState {
  token: string | null;
  isLogin: boolean;
  /** The login answer's user info (spec 4.2 step 3), until member info replaces it. */
  userInfo: SessionUserInfo | null;
  memberInfo: MemberInfo | null;
  /** Member types 1, 2, 41, 42 (spec 4.3), from member info. */
  isAgent: boolean;
  /** Member type 4 (spec 4.3): may log in but not play or favourite. */
  isTrial: boolean;
  firstTimeLogin: boolean;
  loginType: SessionLoginType | null;
  setToken(token: string | null): void;
  /** A login or registration answered with a token: keep it for this tab (spec 3, key `token`). */
  startSession(token: string, loginType?: SessionLoginType): void;
  setUserInfo(userInfo: SessionUserInfo): void;
  setMemberInfo(memberInfo: MemberInfo): void;
  /**
   * Logout or a dead token (spec 4.9): session storage is cleared but the merchant code stays,
   * and the state is logged out, not agent, not trial.
   */
  endSession(): void;
}

const LOGGED_OUT = {
  token: null,
  isLogin: false,
  userInfo: null,
  memberInfo: null,
  isAgent: false,
  isTrial: false,
  firstTimeLogin: false,
  loginType: null,
} as const;

/** Session state of spec 3. */
export const useSession = create<SessionState>((set) => ({
  ...LOGGED_OUT,
  setToken: (token) => set({ token, isLogin: token !== null }),
  startSession: (token, loginType) => {
    sessionStorage.setItem(SESSION_TOKEN_KEY, token);
    set({ token, isLogin: true, loginType: loginType ?? null });
  },
  setUserInfo: (userInfo) => set({ userInfo }),
  setMemberInfo: (memberInfo) =>
    set({
      memberInfo,
      isAgent: memberInfo.isAgent,
      isTrial: memberInfo.isTrial,
      firstTimeLogin: memberInfo.firstTimeLogin,
    }),
  endSession: () => {
    clearSessionStorageKeepingMerchantCode();
    set(LOGGED_OUT);
  },
}));

function clearSessionStorageKeepingMerchantCode(): void {
  const merchantCode = sessionStorage.getItem(MERCHANT_CODE_KEY);
  sessionStorage.clear();
  if (merchantCode !== null) sessionStorage.setItem(MERCHANT_CODE_KEY, merchantCode);
}
