import type { MemberInfo } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { act } from 'react';
import { type SessionLoginType, useSession } from '../shared/session/session-store.ts';

/** A player's member info as the member info call answers it; override what a test is about. */
export function memberFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: '12',
    account: 'player01',
    nickname: 'Lucky',
    type: 0,
    isAgent: false,
    isTrial: false,
    mobile: null,
    email: null,
    language: 'EN',
    firstTimeLogin: false,
    createdAt: '2026-01-01T00:00:00Z',
    lastLoginAt: null,
    ...overrides,
  };
}

/** An agent's member info (spec 2.1: agents have their own landing page and centre). */
export function agentFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return memberFixture({ id: '7', account: 'agent01', type: 1, isAgent: true, ...overrides });
}

/** What a login (or registration, or reset by phone) answers: a session for `player01`, nothing asked. */
export function loginValueFixture(overrides: Partial<LoginValue> = {}): LoginValue {
  return {
    token: 'fresh-token',
    firstTimeLogin: false,
    passwordExpired: false,
    passwordIsDefault: false,
    userInfo: { userName: 'player01', nickname: 'Lucky', type: 0 },
    ...overrides,
  };
}

/** Starts a session on this device for `member`, as a login or the start-up gate leaves it. */
export function logInAs(
  member: MemberInfo,
  { token = 'member-token', loginType = 'username' }: { token?: string; loginType?: SessionLoginType } = {},
) {
  act(() => {
    useSession.getState().startSession(token, loginType);
    useSession.getState().setMemberInfo(member);
  });
}
