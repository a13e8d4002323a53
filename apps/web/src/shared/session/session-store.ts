import { SESSION_TOKEN_KEY } from '@fortuna/contracts/constants';
import { create } from 'zustand';

interface SessionState {
  token: string | null;
  isLogin: boolean;
  /** Member types 1, 2, 41, 42 (spec 4.3); set from member info by the identity module. */
  isAgent: boolean;
  setToken(token: string | null): void;
  /** A login or registration answered with a token: keep it for this tab (spec 3, key `token`). */
  startSession(token: string): void;
}

/** Session state of spec 3; the identity issue adds member info, agent and trial flags. */
export const useSession = create<SessionState>((set) => ({
  token: null,
  isLogin: false,
  isAgent: false,
  setToken: (token) => set({ token, isLogin: token !== null }),
  startSession: (token) => {
    sessionStorage.setItem(SESSION_TOKEN_KEY, token);
    set({ token, isLogin: true });
  },
}));
