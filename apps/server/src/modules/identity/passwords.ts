import { CredentialMessages } from '@fortuna/contracts/credentials';
import { RESET_LINK_TTL_MINUTES, RESET_PASSWORD_WEB_PATH } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { smsDestination } from '@fortuna/contracts/verification';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import { inTransaction } from '../../platform/db/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import type { ClientContext, IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { loginAnswer } from './login-answer.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { enforcePasswordPolicy, passwordContextOf } from './password-policy.ts';
import { newOpaqueToken, tokenHash } from './secrets.ts';
import type { Sessions } from './sessions.ts';

const CHANGE_TRIES_PER_15_MINUTES = 5;
const FORGOT_PER_IP_PER_HOUR = 10;
const FORGOT_PER_USERNAME_PER_HOUR = 3;

function confirm(newPassword: string, confirmation: string | undefined, field: string): void {
  if (confirmation !== undefined && confirmation !== newPassword)
    throw AppError.invalidField(field, CredentialMessages.confirmationMismatch);
}

/** Change (4.4), forgot by e-mail and by phone (4.5). Every new password ends all other sessions. */
export function createPasswords(deps: IdentityDeps, sessions: Sessions) {
  const { db, counter, verification, mailer, site, afterAnswer } = deps;

  /** Sets the password and ends every session of the member in one transaction. */
  async function replacePassword(memberId: bigint, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await inTransaction(db, async (tx) => {
      await store.updateMember(tx, memberId, {
        passwordHash,
        passwordChangedAt: new Date(),
        passwordMustChange: false,
      });
      await sessions.revokeAllOf(memberId, tx);
    });
  }

  /** Sends the reset link when the pair is an active member's; otherwise nothing happens. */
  async function mailResetLink(input: { username: string; email: string }): Promise<void> {
    const member = await store.findMemberByUsername(db, input.username);
    if (member?.status !== 'ACTIVE' || member.email?.toLowerCase() !== input.email.toLowerCase()) return;
    const token = newOpaqueToken();
    await store.insertResetToken(db, {
      tokenHash: tokenHash(token),
      memberId: member.id,
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000),
    });
    const link = `${deps.publicUrl}${RESET_PASSWORD_WEB_PATH}?token=${token}`;
    const brand = site.siteInfo().brandName;
    await mailer.send({
      to: member.email as string,
      subject: `${brand}: reset your password`,
      text: [
        `Hello ${member.nickname},`,
        '',
        `Someone asked to reset the password of your ${brand} account ${member.username}.`,
        `To choose a new password, open this link within ${RESET_LINK_TTL_MINUTES} minutes:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  return {
    /**
     * The session is rotated rather than kept: every session, this one included, ends, and the
     * caller continues under a new token. A stolen copy of the old token is worthless after.
     */
    async change(
      caller: AuthenticatedMember,
      input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
      client: ClientContext,
    ): Promise<{ token: string }> {
      confirm(input.newPassword, input.confirmNewPassword, 'body.confirmNewPassword');
      await enforceRateLimit(
        counter,
        `password-change:${caller.memberId}`,
        CHANGE_TRIES_PER_15_MINUTES,
        900_000,
      );
      const member = await store.findMemberById(db, caller.memberId);
      if (!member || !(await verifyPassword(member.passwordHash, input.oldPassword)))
        throw new AppError('WRONG_PASSWORD', {
          issues: [{ field: 'body.oldPassword', message: 'The current password is incorrect' }],
        });
      if (input.newPassword === input.oldPassword)
        throw AppError.invalidField('body.newPassword', 'must differ from the current password');
      enforcePasswordPolicy(input.newPassword, passwordContextOf(site, member.username), 'body.newPassword');
      await replacePassword(member.id, input.newPassword);
      const { token } = await sessions.issue(member, 'RESET', client);
      return { token };
    },

    /**
     * Spec 4.5, e-mail mode. The answer is the same whether or not the pair exists, and it does not
     * wait for the look-up, the reset link or the mail (they run after it), so neither words nor
     * timing enumerate accounts. The limits are checked first: they count the request, not the account.
     */
    async forgotByEmail(input: { username: string; email: string }, client: ClientContext): Promise<void> {
      await enforceRateLimit(counter, `forgot:ip:${client.ip}`, FORGOT_PER_IP_PER_HOUR, 3_600_000);
      await enforceRateLimit(
        counter,
        `forgot:user:${input.username}`,
        FORGOT_PER_USERNAME_PER_HOUR,
        3_600_000,
      );
      afterAnswer.run('password reset mail', () => mailResetLink(input));
    },

    /** The link of the forgot-password mail: once, within 30 minutes. */
    async resetByLink(input: {
      token: string;
      newPassword: string;
      confirmNewPassword: string;
    }): Promise<void> {
      confirm(input.newPassword, input.confirmNewPassword, 'body.confirmNewPassword');
      const linkInvalid = () =>
        new AppError('RESET_LINK_INVALID', {
          issues: [{ field: 'body.token', message: 'is no longer valid' }],
        });
      // The policy is checked before the link is spent, so a refused password leaves it usable.
      const holder = await store.findLiveResetTokenMember(db, tokenHash(input.token));
      if (!holder) throw linkInvalid();
      enforcePasswordPolicy(input.newPassword, passwordContextOf(site, holder.username), 'body.newPassword');
      const memberId = await store.consumeResetToken(db, tokenHash(input.token));
      if (memberId === undefined) throw linkInvalid();
      await replacePassword(memberId, input.newPassword);
    },

    /** Spec 4.5, phone mode: the SMS code proves the number; the member is then logged in. */
    async setByPhone(
      input: {
        mobileNum: string;
        countryDialingCode: string;
        verificationCode: string;
        newPassword: string;
        confirmNewPassword?: string;
      },
      client: ClientContext,
    ): Promise<LoginValue> {
      confirm(input.newPassword, input.confirmNewPassword, 'body.confirmNewPassword');
      // The rules that need no account come before the code is spent; the username's after it,
      // since telling it before would reveal the number's username to whoever guesses.
      enforcePasswordPolicy(input.newPassword, passwordContextOf(site), 'body.newPassword');
      await verification.verifyOneTimeCode(
        smsDestination(input.countryDialingCode, input.mobileNum),
        'resetPassword',
        input.verificationCode,
        'body.verificationCode',
      );
      const member = await store.findMemberByMobile(db, input.countryDialingCode, input.mobileNum);
      // Codes are sent to registered numbers only, so this is a member that vanished meanwhile.
      if (member?.status !== 'ACTIVE') throw new AppError('SMS_CODE_INVALID');
      enforcePasswordPolicy(input.newPassword, passwordContextOf(site, member.username), 'body.newPassword');
      await replacePassword(member.id, input.newPassword);
      const { token } = await sessions.issue(member, 'RESET', client);
      await store.rememberIp(db, member.id, client.ip);
      return loginAnswer(member, token);
    },
  };
}
