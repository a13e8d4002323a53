import type { LoginValue } from '@fortuna/contracts/session';
import type { MemberRow } from './identity.store.ts';

/** The login answer of spec 3: the token, the first-login and password flags, the user info. */
export function loginAnswer(
  member: MemberRow,
  token: string,
  flags: { passwordIsDefault?: boolean; passwordExpired?: boolean } = {},
): LoginValue {
  return {
    token,
    firstTimeLogin: member.firstTimeLogin,
    passwordExpired: flags.passwordExpired ?? false,
    passwordIsDefault: flags.passwordIsDefault ?? false,
    userInfo: { userName: member.username, nickname: member.nickname, type: member.type },
  };
}
