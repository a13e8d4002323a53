import { isAgentType } from '@fortuna/contracts/member-types';
import type { LoginRequestSchema, LoginValue } from '@fortuna/contracts/session';
import { smsDestination } from '@fortuna/contracts/verification';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { ClientContext, IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { rememberDevice } from './known-devices.ts';
import { loginAnswer } from './login-answer.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { maskEmail, maskMobile } from './masking.ts';
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.ts';
import type { Sessions } from './sessions.ts';

type LoginRequest = z.output<typeof LoginRequestSchema>;

const NEW_LOCATION_PURPOSE = 'newLocation';
const DAY_MS = 86_400_000;

/** Login of spec 4.2 in username mode and in SMS mode. */
export function createLogin(deps: IdentityDeps, sessions: Sessions) {
  const { db, verification, site, mailer } = deps;
  const throttle = createLoginThrottle(deps.counter, (id, answer) => verification.consumeCaptcha(id, answer));

  /** The same answer for an unknown username and a wrong password: nothing to enumerate. */
  async function refuse(ip: string, username: string): Promise<never> {
    const { captcha } = await throttle.failed(ip, username);
    throw new AppError('LOGIN_FAILED', { details: { captcha } });
  }

  function admitOnPage(member: store.MemberRow, page: LoginRequest['page']): void {
    if (member.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
    // Spec 6: non-agents cannot log in to the agent area.
    if (page === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
  }

  /**
   * Spec 4.2: a login from an address the member never used asks for a code sent to the member's
   * phone (or e-mail) before any session exists. The password was already right, so this reveals
   * nothing to someone who does not know it. Members with neither have no second channel.
   */
  async function checkNewLocation(member: store.MemberRow, request: LoginRequest, ip: string): Promise<void> {
    const known = await store.knownIpState(db, member.id, ip);
    if (!known.hasAny || known.isKnown) return;
    const channel = member.mobileNum && member.dialingCode ? 'sms' : member.email ? 'email' : null;
    if (!channel) return;
    const destination =
      channel === 'sms'
        ? smsDestination(member.dialingCode as string, member.mobileNum as string)
        : (member.email as string);
    if (request.locationCode) {
      await verification.verifyOneTimeCode(
        destination,
        NEW_LOCATION_PURPOSE,
        request.locationCode,
        'body.locationCode',
      );
      return;
    }
    if (channel === 'sms') {
      await verification.sendSmsCode({
        dialingCode: member.dialingCode as string,
        mobileNum: member.mobileNum as string,
        purpose: 'newLocation',
        ip,
      });
    } else {
      const { code, expiredMinutes } = await verification.issueOneTimeCode(
        destination,
        NEW_LOCATION_PURPOSE,
        ip,
      );
      await mailer.send({
        to: destination,
        subject: `${site.siteInfo().brandName}: your login code`,
        text: `Someone (hopefully you) is logging in from a new location.\n\nYour code is ${code}. It expires in ${expiredMinutes} minutes.\n\nIf this was not you, change your password now.`,
      });
    }
    throw new AppError('IP_VERIFICATION_REQUIRED', {
      details: {
        captcha: false,
        locationCheck: {
          channel,
          destination:
            channel === 'sms' ? maskMobile(member.dialingCode, member.mobileNum) : maskEmail(member.email),
        },
      },
    });
  }

  function passwordFlags(member: store.MemberRow, password: string) {
    const policy = site.passwordPolicy();
    const expiresAt = member.passwordChangedAt.getTime() + policy.passwordExpiryDays * DAY_MS;
    return {
      passwordIsDefault: policy.defaultPassword !== '' && password === policy.defaultPassword,
      // A password its agent chose must be replaced at the first login, expiry setting or not.
      passwordExpired: member.passwordMustChange || (site.isFlagOn('PWDEXPIRY3') && Date.now() > expiresAt),
    };
  }

  async function open(
    member: store.MemberRow,
    kind: 'PASSWORD' | 'SMS',
    client: ClientContext,
    flags: { passwordIsDefault?: boolean; passwordExpired?: boolean },
  ): Promise<LoginValue> {
    const { token } = await sessions.issue(member, kind, client);
    await Promise.all([
      store.rememberIp(db, member.id, client.ip),
      rememberDevice(db, member.id, client),
      store.updateMember(db, member.id, { lastLoginAt: new Date(), lastLoginIp: client.ip }),
    ]);
    return loginAnswer(member, token, flags);
  }

  async function byPassword(request: LoginRequest, client: ClientContext): Promise<LoginValue> {
    const username = request.username.toLowerCase();
    await throttle.admit(client.ip, username);
    // A refused captcha stays demanded: the lobby keeps the field and loads a fresh image.
    await throttle.checkCaptcha(client.ip, username, request);
    await verification.consumeSliderTicket(request.sliderTicket, 'login', client.ip);
    const member = await store.findMemberByUsername(db, username);
    const passwordRight = await verifyPassword(member?.passwordHash, request.password);
    if (!member || !passwordRight) return refuse(client.ip, username);
    admitOnPage(member, request.page);
    await checkNewLocation(member, request, client.ip);
    await throttle.succeeded(client.ip, username);
    if (member.passwordHash && needsRehash(member.passwordHash))
      await store.updateMember(db, member.id, { passwordHash: await hashPassword(request.password) });
    return open(member, 'PASSWORD', client, passwordFlags(member, request.password));
  }

  async function bySmsCode(request: LoginRequest, client: ClientContext): Promise<LoginValue> {
    if (!site.isFlagOn('VERCODELOGIN3')) throw new AppError('FEATURE_DISABLED');
    if (!request.countryDialingCode)
      throw AppError.invalidField('body.countryDialingCode', 'is required for an SMS login');
    if (!/^\d{6,15}$/.test(request.username))
      throw AppError.invalidField('body.username', 'Phone number format is incorrect');
    await throttle.admit(client.ip, request.username);
    const destination = smsDestination(request.countryDialingCode, request.username);
    // Codes are only ever sent to registered numbers, so a right code means the member exists.
    await verification.verifyOneTimeCode(destination, 'login', request.password, 'body.password');
    const member = await store.findMemberByMobile(db, request.countryDialingCode, request.username);
    if (!member) return refuse(client.ip, request.username);
    admitOnPage(member, request.page);
    // Spec 4.2 step 5: the forced password change does not apply to an SMS login.
    return open(member, 'SMS', client, {});
  }

  return {
    login(request: LoginRequest, client: ClientContext): Promise<LoginValue> {
      return request.type === 'sms' ? bySmsCode(request, client) : byPassword(request, client);
    },
  };
}
