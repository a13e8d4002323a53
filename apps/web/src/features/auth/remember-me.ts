import { z } from 'zod';

/**
 * Remember me (spec 9): the login form is prefilled for one day. Unlike the specification's
 * cookie it never holds the password: only the username, or the mobile number and its dialling
 * code in SMS mode.
 */
export const REMEMBER_ME_KEY = 'rememberedLogin';
export const REMEMBER_ME_TTL_MS = 24 * 60 * 60 * 1000;

const RememberedLoginSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('username'), username: z.string().min(1).max(64) }),
  z.object({
    type: z.literal('sms'),
    mobile: z.string().min(1).max(20),
    countryDialingCode: z.string().min(1).max(8),
  }),
]);
export type RememberedLogin = z.infer<typeof RememberedLoginSchema>;

const StoredSchema = z.object({ login: RememberedLoginSchema, expiresAt: z.number() });

/** Only the named fields are copied, so nothing else that rides along on the object is ever stored. */
function pickStorable(login: RememberedLogin): RememberedLogin {
  return login.type === 'username'
    ? { type: 'username', username: login.username }
    : { type: 'sms', mobile: login.mobile, countryDialingCode: login.countryDialingCode };
}

export function rememberLogin(
  login: RememberedLogin,
  now = Date.now(),
  storage: Storage = localStorage,
): void {
  const stored = { login: pickStorable(login), expiresAt: now + REMEMBER_ME_TTL_MS };
  storage.setItem(REMEMBER_ME_KEY, JSON.stringify(stored));
}

/** The remembered login, or null when there is none, it has expired (then it is removed) or it is unreadable. */
export function readRememberedLogin(
  now = Date.now(),
  storage: Storage = localStorage,
): RememberedLogin | null {
  const raw = storage.getItem(REMEMBER_ME_KEY);
  if (raw === null) return null;
  const stored = StoredSchema.safeParse(safeJson(raw));
  if (!stored.success || stored.data.expiresAt <= now) {
    storage.removeItem(REMEMBER_ME_KEY);
    return null;
  }
  return stored.data.login;
}

export function forgetLogin(storage: Storage = localStorage): void {
  storage.removeItem(REMEMBER_ME_KEY);
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
