import { CredentialMessages, DialingCodeSchema, MobileNumberSchema } from '@fortuna/contracts/credentials';
import type { FieldIssue } from '@fortuna/contracts/envelope';
import { checkFieldRule, fieldRuleMessage } from '@fortuna/contracts/field-rules';
import type { RegisterMobileRequestSchema, RegisterRequestSchema } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { REGISTER_PROFILE_FIELDS, type RegisterFieldName } from '@fortuna/contracts/system';
import { smsDestination } from '@fortuna/contracts/verification';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import type { ClientContext, IdentityDeps } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { rememberDevice } from './known-devices.ts';
import { loginAnswer } from './login-answer.ts';
import { hashPassword } from './password-hashing.ts';
import { enforcePasswordPolicy, passwordContextOf } from './password-policy.ts';
import type { Sessions } from './sessions.ts';

type UsernameRegistration = z.output<typeof RegisterRequestSchema>;
type MobileRegistration = z.output<typeof RegisterMobileRequestSchema>;
type Registration = Partial<Record<RegisterFieldName, string>> & {
  affiliateCode?: string;
  referralCode?: string;
  countryDialingCode?: string;
  captchaId?: string;
  domain?: string;
  registerUrl?: string;
};

// These rules are judged by their own steps: equality, the captcha check, the SMS code check.
const SPECIALLY_CHECKED: RegisterFieldName[] = ['confirmPassword', 'captcha', 'verificationCode'];
const PROFILE_JSON_FIELDS = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
] as const;
const REGISTRATIONS_PER_IP_PER_HOUR = 10;

/** Registration of spec 4.6 by username and by mobile number, ruled by the server's field settings. */
export function createRegistration(deps: IdentityDeps, sessions: Sessions) {
  const { db, site, verification } = deps;

  /** Every field problem at once, so the form can show each under its input. */
  function fieldIssues(
    form: Registration,
    fieldsInForm: RegisterFieldName[],
    mobileCodeRequired: boolean,
  ): FieldIssue[] {
    const issues: FieldIssue[] = [];
    // With REGMOBVERF3 on, a number must be given: it is proven by the code sent to it.
    if (mobileCodeRequired && !form.mobileNum)
      issues.push({ field: 'body.mobileNum', message: 'is required: the number is verified by SMS' });
    const rules = site.siteInfo().registerFieldRules;
    for (const rule of rules) {
      if (!rule.enabled || SPECIALLY_CHECKED.includes(rule.field) || !fieldsInForm.includes(rule.field))
        continue;
      const problem = checkFieldRule(rule, form[rule.field]);
      if (problem) issues.push({ field: `body.${rule.field}`, message: fieldRuleMessage(problem) });
    }
    if (form.password !== undefined && form.password !== form.confirmPassword)
      issues.push({ field: 'body.confirmPassword', message: CredentialMessages.confirmationMismatch });
    if (form.mobileNum) {
      if (!MobileNumberSchema.safeParse(form.mobileNum).success)
        issues.push({ field: 'body.mobileNum', message: CredentialMessages.mobileFormat });
      if (!DialingCodeSchema.safeParse(form.countryDialingCode ?? '').success)
        issues.push({ field: 'body.countryDialingCode', message: CredentialMessages.dialingCodeFormat });
    }
    return issues;
  }

  function isRuleEnabled(field: RegisterFieldName): boolean {
    return site.siteInfo().registerFieldRules.some((rule) => rule.field === field && rule.enabled);
  }

  /** An affiliate code must name an active agent; it becomes the new member's upline. */
  async function uplineOf(form: Registration): Promise<bigint | null> {
    if (form.affiliateCode) {
      const agent = await store.findMemberByAffiliateCode(db, form.affiliateCode);
      if (agent?.status !== 'ACTIVE')
        throw new AppError('INVITATION_CODE_ERROR', {
          issues: [{ field: 'body.affiliateCode', message: 'Invalid invitation code' }],
        });
      return agent.id;
    }
    // A referral code arrives in a shared link: a stale one must not block the registration.
    if (form.referralCode) {
      const referrer = await store.findMemberByAffiliateCode(db, form.referralCode);
      if (referrer?.status === 'ACTIVE') return referrer.id;
    }
    return null;
  }

  async function verifyMobile(form: Registration, required: boolean): Promise<void> {
    if (!required || !form.mobileNum || !form.countryDialingCode) return;
    await verification.verifyOneTimeCode(
      smsDestination(form.countryDialingCode, form.mobileNum),
      'register',
      form.verificationCode,
      'body.verificationCode',
    );
  }

  async function create(
    form: Registration,
    identity: { username: string; password: string | undefined; nickname: string },
    client: ClientContext,
    fieldsInForm: RegisterFieldName[],
    mobileCodeRequired: boolean,
  ): Promise<LoginValue> {
    const issues = fieldIssues(form, fieldsInForm, mobileCodeRequired);
    if (issues.length > 0)
      throw new AppError('VALIDATION_FAILED', {
        message: `${issues[0]?.field}: ${issues[0]?.message}`,
        issues,
      });
    await enforceRateLimit(
      deps.counter,
      `register:ip:${client.ip}`,
      REGISTRATIONS_PER_IP_PER_HOUR,
      3_600_000,
    );
    // After the limit (the estimate costs CPU), before the captcha and the SMS code are spent.
    if (identity.password !== undefined)
      enforcePasswordPolicy(identity.password, passwordContextOf(site, identity.username), 'body.password');
    const uplineId = await uplineOf(form);
    if (isRuleEnabled('captcha')) await verification.consumeCaptcha(form.captchaId, form.captcha);
    await verifyMobile(form, mobileCodeRequired);

    const enabled = (field: RegisterFieldName) => isRuleEnabled(field) && fieldsInForm.includes(field);
    const profile = Object.fromEntries(
      PROFILE_JSON_FIELDS.filter((field) => enabled(field) && form[field]).map((field) => [
        field,
        form[field] as string,
      ]),
    );
    const inserted = await store.insertMember(db, {
      username: identity.username,
      nickname: identity.nickname,
      passwordHash: identity.password ? await hashPassword(identity.password) : null,
      dialingCode: form.mobileNum ? (form.countryDialingCode ?? null) : null,
      mobileNum: form.mobileNum || null,
      email: enabled('email') && form.email ? form.email.toLowerCase() : null,
      payeeName: enabled('payeeName') ? form.payeeName || null : null,
      paymentPasswordHash:
        enabled('paymentPassword') && form.paymentPassword ? await hashPassword(form.paymentPassword) : null,
      profile,
      uplineId,
      referralCode: form.referralCode || null,
      registerIp: client.ip,
      registerDomain: form.domain || null,
      registerUrl: form.registerUrl || null,
    });
    if ('duplicate' in inserted) {
      throw inserted.duplicate === 'username'
        ? new AppError('USERNAME_TAKEN', {
            issues: [{ field: 'body.username', message: 'This username is already registered' }],
          })
        : new AppError('MOBILE_TAKEN', {
            issues: [{ field: 'body.mobileNum', message: 'This mobile number is already registered' }],
          });
    }
    const { member } = inserted;
    // The registering address is the member's first known one: no new-location step next time.
    await store.rememberIp(db, member.id, client.ip);
    await rememberDevice(db, member.id, client);
    const { token } = await sessions.issue(member, 'REGISTER', client);
    await store.updateMember(db, member.id, { lastLoginAt: new Date(), lastLoginIp: client.ip });
    // After the session: the referrer is compared with the new member's address and device.
    await deps.registered?.(member.id, form.referralCode || undefined).catch((error: unknown) => {
      deps.log.error(
        { err: error, memberId: member.id.toString() },
        'the registration’s referral was not recorded',
      );
    });
    return loginAnswer(member, token);
  }

  return {
    byUsername(form: UsernameRegistration, client: ClientContext): Promise<LoginValue> {
      if (!site.isFlagOn('USERNAMEREG3')) throw new AppError('FEATURE_DISABLED');
      const fields: RegisterFieldName[] = ['username', 'password', 'mobileNum', ...REGISTER_PROFILE_FIELDS];
      return create(
        form,
        { username: form.username, password: form.password, nickname: form.username },
        client,
        fields,
        site.isFlagOn('REGMOBVERF3'),
      );
    },

    byMobile(form: MobileRegistration, client: ClientContext): Promise<LoginValue> {
      if (!site.isFlagOn('MOBILENUMREG3')) throw new AppError('FEATURE_DISABLED');
      const withPassword = site.isFlagOn('MOBILENUMPASSREG3');
      if (withPassword && !form.password) throw AppError.invalidField('body.password', 'is required');
      const fields: RegisterFieldName[] = [
        'mobileNum',
        ...(withPassword ? (['password'] as const) : []),
        ...REGISTER_PROFILE_FIELDS,
      ];
      const account = `${form.countryDialingCode.slice(1)}${form.mobileNum}`;
      return create(
        { ...form, password: withPassword ? form.password : undefined },
        {
          username: account,
          password: withPassword ? form.password : undefined,
          nickname: `${form.countryDialingCode} ${form.mobileNum.slice(-4).padStart(form.mobileNum.length, '•')}`,
        },
        client,
        fields,
        site.isFlagOn('REGMOBVERF3'),
      );
    },
  };
}
