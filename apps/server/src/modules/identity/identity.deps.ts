import type { FeatureFlag } from '@fortuna/contracts/feature-flags';
import type { GuardedAction, SmsPurpose } from '@fortuna/contracts/verification';
import type { AfterAnswer } from '../../platform/after-answer.ts';
import type { Database } from '../../platform/db/database.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { PasswordPolicy } from '../system/system.service.ts';
import type { SessionPolicy } from './sessions.ts';

/** What identity needs of the verification module (its service satisfies this). */
export interface IdentityVerification {
  consumeCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<void>;
  consumeSliderTicket(ticket: string | undefined, action: GuardedAction, ip: string): Promise<void>;
  issueOneTimeCode(
    destination: string,
    purpose: string,
    ip: string,
  ): Promise<{ code: string; expiredMinutes: number }>;
  verifyOneTimeCode(
    destination: string,
    purpose: string,
    code: string | undefined,
    field?: string,
  ): Promise<void>;
  sendSmsCode(input: {
    dialingCode: string;
    mobileNum: string;
    purpose: SmsPurpose;
    ip: string;
  }): Promise<{ expiredMinutes: number }>;
}

/** What identity needs of the site configuration (the system service satisfies this). */
export interface IdentitySite {
  isFlagOn(flag: FeatureFlag): boolean;
  passwordPolicy(): PasswordPolicy;
  siteInfo(): {
    registerFieldRules: import('@fortuna/contracts/system').RegisterFieldRule[];
    brandName: string;
  };
}

export interface IdentityMailer {
  send(mail: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

export interface IdentityLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Told after sessions have ended (logout, password change or reset, an operator's action), with
 * their token hashes, so that their open event streams close on every node. Never throws.
 */
export type SessionsEnded = (memberId: bigint, sessionHashes: string[]) => void;

export interface IdentityDeps {
  db: Database;
  counter: RateCounter;
  verification: IdentityVerification;
  site: IdentitySite;
  mailer: IdentityMailer;
  /** Where work that must not show in the answer's timing runs (forgot-password mails). */
  afterAnswer: AfterAnswer;
  log: IdentityLog;
  sessionPolicy: SessionPolicy;
  sessionsEnded?: SessionsEnded;
  /**
   * Told after a member registered, with the referral code of the link it came by (invite
   * friends, ADR 060). A failure is logged: the registration stands.
   */
  registered?: (memberId: bigint, referralCode: string | undefined) => Promise<void>;
  /** The lobby's public origin for links in e-mails, e.g. https://fortuna.example. */
  publicUrl: string;
}

/** Where a call came from: the client address (behind trusted proxies) and its browser. */
export interface ClientContext {
  ip: string;
  userAgent?: string;
  /** The browser's device id from its cookie (ADR 077); only its hash is stored. */
  deviceId?: string;
}
