import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_REFRESH_LIMIT_MS } from '@fortuna/contracts/constants';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';
import {
  CAPTCHA_TTL_SECONDS,
  type CaptchaValue,
  type GuardedAction,
  SLIDER_TTL_SECONDS,
  type SliderCheckRequest,
  type SliderPuzzle,
  SMS_CODE_MAX_WRONG_TRIES,
  SMS_CODE_TTL_MINUTES,
  type SmsPurpose,
  smsDestination,
} from '@fortuna/contracts/verification';
import type { AfterAnswer } from '../../platform/after-answer.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import { drawCaptcha } from './captcha-image.ts';
import { isHumanLikeDrag, SLIDER_TOLERANCE_PX } from './slider-drag.ts';
import { drawSliderPuzzle, SLIDER_HEIGHT, SLIDER_PIECE_SIZE, SLIDER_WIDTH } from './slider-image.ts';
import type { SmsProvider } from './sms-provider.ts';
import {
  consumeChallenge,
  consumeOneTimeCode,
  countWrongTry,
  deleteExpired,
  insertChallenge,
  insertOneTimeCode,
  readLiveOneTimeCode,
  retireOneTimeCodes,
} from './verification.store.ts';

/** '+63' and '9171234567' make '+639171234567': the destination of SMS codes. */
export { smsDestination };

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A page may open two forms at once (login and feedback), so a short burst is allowed. */
const CAPTCHA_BURST = 3;
const CAPTCHAS_PER_MINUTE = 30;
const SLIDERS_PER_MINUTE = 30;
const SMS_PER_NUMBER_PER_MINUTE = 1;
const SMS_PER_NUMBER_PER_HOUR = 5;
const SMS_PER_IP_PER_HOUR = 10;

/** Purposes that only make sense for a member's number; for others nothing is sent (no enumeration). */
const MEMBER_ONLY_PURPOSES: ReadonlySet<SmsPurpose> = new Set(['login', 'resetPassword', 'newLocation']);
/**
 * Of those, the ones anybody may ask for with just a number: they are answered before the number is
 * looked up. A new-location code is sent only after the right password, which already told.
 */
const ASKED_BY_ANYBODY: ReadonlySet<SmsPurpose> = new Set(['login', 'resetPassword']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sameHex = (left: string, right: string) =>
  left.length === right.length && timingSafeEqual(Buffer.from(left, 'hex'), Buffer.from(right, 'hex'));
const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * A six-digit code has only a million values, so no hash protects it from someone holding the
 * table; keying it with the row id keeps the code out of dumps and logs, and the short life and
 * the wrong-try limit are what protect it.
 */
const hashOneTimeCode = (id: string, destination: string, purpose: string, code: string) =>
  createHmac('sha256', id).update(`${destination}|${purpose}|${code}`).digest('hex');

/** A verification failure that names the field the client should point at. */
function failWith(code: ErrorCode, field: string, message: string = ErrorCatalogue[code].message): AppError {
  return new AppError(code, { message, issues: [{ field, message }] });
}

export function createVerificationService(deps: {
  db: Database;
  counter: RateCounter;
  sms: SmsProvider;
  /** Where member-only codes are looked up and sent, after the answer (equal timing). */
  afterAnswer: AfterAnswer;
  /** used by sms/noLogin & sms/register: whether a mobile belongs to a member */
  isRegisteredMobile: (dialingCode: string, mobileNum: string) => Promise<boolean>;
  now?: () => Date;
  /** DEV_ENDPOINTS=on: captcha texts are also kept in memory so that browser tests can read them. */
  keepCaptchaTexts?: boolean;
}) {
  const { db, counter, sms } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);
  const captchaTexts = new Map<string, { text: string; expiresAt: number }>();
  const rememberCaptchaText = (captchaId: string, text: string) => {
    const time = now().getTime();
    for (const [id, entry] of captchaTexts) if (entry.expiresAt <= time) captchaTexts.delete(id);
    captchaTexts.set(captchaId, { text, expiresAt: time + CAPTCHA_TTL_SECONDS * SECOND_MS });
  };

  const captchaFailure = () => failWith('CAPTCHA_INVALID', 'body.captcha');
  const sliderFailure = (field: string) => failWith('SLIDER_INVALID', field);

  async function issueOneTimeCode(destination: string, purpose: string, ip: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await retireOneTimeCodes(tx, { destination, purpose, now: now() });
      await insertOneTimeCode(tx, {
        id,
        destination,
        purpose,
        codeHash: hashOneTimeCode(id, destination, purpose, code),
        ip,
        expiresAt: later(SMS_CODE_TTL_MINUTES * MINUTE_MS),
      });
    });
    return { code, expiredMinutes: SMS_CODE_TTL_MINUTES };
  }

  return {
    async issueCaptcha(ip: string): Promise<CaptchaValue> {
      const tooFast = 'Captchas can be refreshed once a second';
      await enforceRateLimit(
        counter,
        `captcha:burst:${ip}`,
        CAPTCHA_BURST,
        CAPTCHA_REFRESH_LIMIT_MS,
        tooFast,
      );
      await enforceRateLimit(counter, `captcha:minute:${ip}`, CAPTCHAS_PER_MINUTE, MINUTE_MS);
      const image = drawCaptcha();
      const captchaId = randomToken(16);
      await insertChallenge(db, {
        id: captchaId,
        kind: 'CAPTCHA',
        action: null,
        answer: sha256(image.text.toLowerCase()),
        ip,
        expiresAt: later(CAPTCHA_TTL_SECONDS * SECOND_MS),
      });
      if (deps.keepCaptchaTexts) rememberCaptchaText(captchaId, image.text);
      return { captchaId, image: image.dataUrl, expiresInSeconds: CAPTCHA_TTL_SECONDS };
    },

    /** Development only (keepCaptchaTexts): the text of a live captcha, for browser tests to type. */
    peekCaptcha(captchaId: string): string | undefined {
      if (!deps.keepCaptchaTexts) return undefined;
      const entry = captchaTexts.get(captchaId);
      return entry && entry.expiresAt > now().getTime() ? entry.text : undefined;
    },

    /** Consumes once. Missing/wrong/expired/replayed => CAPTCHA_INVALID (body.captcha); a wrong answer burns it too. */
    async consumeCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<void> {
      const typed = answer?.trim().toLowerCase();
      if (!captchaId || !typed) throw captchaFailure();
      // Used before it is compared: one guess per image, or a bot could try answers on it for two minutes.
      const row = await consumeChallenge(db, { id: captchaId, kind: 'CAPTCHA', now: now() });
      if (!row || !sameHex(row.answer, sha256(typed))) throw captchaFailure();
    },

    async issueSlider(action: GuardedAction, ip: string): Promise<SliderPuzzle> {
      await enforceRateLimit(counter, `slider:minute:${ip}`, SLIDERS_PER_MINUTE, MINUTE_MS);
      const puzzle = drawSliderPuzzle();
      const sliderId = randomToken(16);
      await insertChallenge(db, {
        id: sliderId,
        kind: 'SLIDER',
        action,
        answer: String(puzzle.gapX),
        ip,
        expiresAt: later(SLIDER_TTL_SECONDS * SECOND_MS),
      });
      return {
        sliderId,
        background: puzzle.background,
        piece: puzzle.piece,
        width: SLIDER_WIDTH,
        height: SLIDER_HEIGHT,
        pieceSize: SLIDER_PIECE_SIZE,
        pieceY: puzzle.gapY,
        expiresInSeconds: SLIDER_TTL_SECONDS,
      };
    },

    /** One attempt per puzzle whatever the result; a fitting, human-like drag earns a ticket for the puzzle's action. */
    async checkSlider(request: SliderCheckRequest, ip: string): Promise<{ ticket: string }> {
      const puzzle = await consumeChallenge(db, { id: request.sliderId, kind: 'SLIDER', now: now() });
      if (!puzzle) throw sliderFailure('body.sliderId');
      const fits = Math.abs(request.offsetX - Number(puzzle.answer)) <= SLIDER_TOLERANCE_PX;
      if (!fits || !isHumanLikeDrag(request.trajectory, request.offsetX)) throw sliderFailure('body.offsetX');
      const ticket = randomToken(32);
      await insertChallenge(db, {
        // Only the ticket's hash is kept, like session tokens: the table alone spends nothing.
        id: sha256(ticket),
        kind: 'SLIDER_TICKET',
        action: puzzle.action,
        answer: puzzle.id,
        ip,
        expiresAt: later(SLIDER_TTL_SECONDS * SECOND_MS),
      });
      return { ticket };
    },

    /**
     * Consumes a ticket once for exactly that action, from the address that solved the puzzle: a
     * ticket solved by a person and handed to a script elsewhere buys that script nothing. Missing,
     * wrong action or address, expired or replayed => SLIDER_INVALID (body.sliderTicket).
     */
    async consumeSliderTicket(ticket: string | undefined, action: GuardedAction, ip: string): Promise<void> {
      if (!ticket) throw sliderFailure('body.sliderTicket');
      const row = await consumeChallenge(db, {
        id: sha256(ticket),
        kind: 'SLIDER_TICKET',
        action,
        ip,
        now: now(),
      });
      if (!row) throw sliderFailure('body.sliderTicket');
    },

    issueOneTimeCode,

    /** Housekeeping: forgets what expired more than a day ago (kept that long for inquiries). */
    purgeExpired(): Promise<number> {
      return deleteExpired(db, later(-DAY_MS));
    },

    /**
     * Wrong => SMS_CODE_INVALID and one more wrong try; after SMS_CODE_MAX_WRONG_TRIES wrong tries
     * the code is dead (SMS_TOO_MANY_TRIES, even for the right code); expired => SMS_CODE_EXPIRED.
     * Success uses the code up.
     */
    async verifyOneTimeCode(
      destination: string,
      purpose: string,
      code: string | undefined,
      field = 'body.verificationCode',
    ): Promise<void> {
      const typed = code?.trim();
      if (!typed) throw failWith('SMS_CODE_INVALID', field, 'Missing verification code');
      const live = await readLiveOneTimeCode(db, { destination, purpose });
      if (!live) throw failWith('SMS_CODE_INVALID', field);
      if (live.wrongTries >= SMS_CODE_MAX_WRONG_TRIES) throw failWith('SMS_TOO_MANY_TRIES', field);
      if (live.expiresAt.getTime() <= now().getTime()) throw failWith('SMS_CODE_EXPIRED', field);
      if (sameHex(live.codeHash, hashOneTimeCode(live.id, destination, purpose, typed))) {
        const used = await consumeOneTimeCode(db, {
          id: live.id,
          maxWrongTries: SMS_CODE_MAX_WRONG_TRIES,
          now: now(),
        });
        if (used) return;
      } else {
        await countWrongTry(db, live.id);
      }
      throw failWith('SMS_CODE_INVALID', field);
    },

    /**
     * Throttled per number and per IP (spec 8: 'too many requests, try again after 5 minutes').
     * Login, password-reset and new-location codes go to members' numbers only. Login and reset
     * codes are answered before the number is even looked up, and issued and sent after it, so
     * neither the answer nor its timing tells who is registered (a failed send is logged). A
     * registration code for a member's number is refused; its send (and a new-location code's,
     * asked for by a login whose password was right) is waited for, so a gateway failure is told.
     */
    async sendSmsCode(input: {
      dialingCode: string;
      mobileNum: string;
      purpose: SmsPurpose;
      ip: string;
    }): Promise<{ expiredMinutes: number }> {
      const destination = smsDestination(input.dialingCode, input.mobileNum);
      await enforceRateLimit(counter, `sms:ip:${input.ip}`, SMS_PER_IP_PER_HOUR, HOUR_MS);
      await enforceRateLimit(
        counter,
        `sms:number-minute:${destination}`,
        SMS_PER_NUMBER_PER_MINUTE,
        MINUTE_MS,
      );
      await enforceRateLimit(counter, `sms:number-hour:${destination}`, SMS_PER_NUMBER_PER_HOUR, HOUR_MS);

      const sendCode = async () => {
        const { code, expiredMinutes } = await issueOneTimeCode(destination, input.purpose, input.ip);
        await sms.send(
          { dialingCode: input.dialingCode, mobileNum: input.mobileNum },
          `Your Fortuna code is ${code}. It expires in ${expiredMinutes} minutes.`,
        );
      };
      if (ASKED_BY_ANYBODY.has(input.purpose)) {
        deps.afterAnswer.run(`${input.purpose} SMS code`, async () => {
          if (await deps.isRegisteredMobile(input.dialingCode, input.mobileNum)) await sendCode();
        });
        return { expiredMinutes: SMS_CODE_TTL_MINUTES };
      }
      const registered = await deps.isRegisteredMobile(input.dialingCode, input.mobileNum);
      if (input.purpose === 'register' && registered) throw failWith('MOBILE_TAKEN', 'body.mobileNo');
      if (MEMBER_ONLY_PURPOSES.has(input.purpose) && !registered)
        return { expiredMinutes: SMS_CODE_TTL_MINUTES };
      await sendCode();
      return { expiredMinutes: SMS_CODE_TTL_MINUTES };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
