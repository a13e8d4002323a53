import { OperatorPaths } from '@fortuna/contracts/operators';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from '../seed/demo-members.ts';
import { DEMO_OPERATOR_TOTP_SECRET } from '../seed/demo-operators.ts';
import { opsHeaders } from './app.ts';

const PERIOD_SECONDS = 30;
const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

// A code is accepted once per operator and time step (replays are refused), and the server
// takes the next step's code too: each login of a test uses a step no earlier login of that
// operator on that app used.
const lastSteps = new WeakMap<FastifyInstance, Map<string, number>>();

/** A code of `secret` that `username` has not used on `app` yet (at most one step ahead). */
export function freshTotpCode(app: FastifyInstance, username: string, secret: string): Promise<string> {
  const used = lastSteps.get(app) ?? new Map<string, number>();
  lastSteps.set(app, used);
  const now = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const step = Math.max(now, (used.get(username) ?? -1) + 1);
  used.set(username, step);
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

/** The code an authenticator app shows now for `secret` (the demo operators' included). */
export function totpCodeNow(secret = DEMO_OPERATOR_TOTP_SECRET): Promise<string> {
  return generate({ secret });
}

export function loginOperator(
  app: FastifyInstance,
  payload: { username: string; password: string; totpCode?: string; captchaId?: string; captcha?: string },
  remoteAddress = '198.51.100.9',
) {
  return app.inject({ method: 'POST', url: OperatorPaths.login, payload, remoteAddress });
}

const demoSessions = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * A session token of a demo operator (admin01, finance01) on `app`, logging in with password and
 * authenticator code once and reusing the session afterwards.
 */
export async function demoOperatorToken(app: FastifyInstance, username: string): Promise<string> {
  const sessions = demoSessions.get(app) ?? new Map<string, string>();
  demoSessions.set(app, sessions);
  const known = sessions.get(username);
  if (known) return known;
  const answer = await loginOperator(app, {
    username,
    password: DEMO_PASSWORD,
    totpCode: await freshTotpCode(app, username, DEMO_OPERATOR_TOTP_SECRET),
  });
  if (answer.statusCode !== 200) throw new Error(`demo operator login failed: ${answer.body}`);
  const token = answer.json().value.token as string;
  sessions.set(username, token);
  return token;
}

export async function demoOperatorHeaders(app: FastifyInstance, username: string) {
  return bearerOf(await demoOperatorToken(app, username));
}

/** A password an ADMIN gives a new operator, and the one the operator then chooses. */
export const TEMPORARY_OPERATOR_PASSWORD = 'temporary-password-2026';
export const OWN_OPERATOR_PASSWORD = 'chosen-passphrase-2026';

export interface ReadyOperator {
  id: string;
  username: string;
  password: string;
  totpSecret: string;
  token: string;
  headers: Record<string, string>;
}

let madeOperators = 0;

/**
 * A new operator of the role, created with the OPS_TOKEN and taken through the first login as a
 * person would: password changed, authenticator enrolled. Its session may do what the role allows.
 */
export async function readyOperator(
  app: FastifyInstance,
  role: 'ADMIN' | 'FINANCE' | 'SUPPORT',
  username = `${role.toLowerCase().slice(0, 3)}${Date.now().toString(36)}${(madeOperators++).toString(36)}`.slice(
    0,
    16,
  ),
): Promise<ReadyOperator> {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const answer = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (answer.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
    return answer.json().value;
  };
  const created = await call('POST', OperatorPaths.operators, opsHeaders, {
    username,
    password: TEMPORARY_OPERATOR_PASSWORD,
    role,
  });
  const first = await loginOperator(app, { username, password: TEMPORARY_OPERATOR_PASSWORD });
  if (first.statusCode !== 200) throw new Error(`first login failed: ${first.body}`);
  const token = first.json().value.token as string;
  const headers = bearerOf(token);
  await call('POST', OperatorPaths.password, headers, {
    currentPassword: TEMPORARY_OPERATOR_PASSWORD,
    newPassword: OWN_OPERATOR_PASSWORD,
  });
  const { secret } = await call('POST', OperatorPaths.totpEnrolment, headers);
  await call('POST', OperatorPaths.totpConfirmation, headers, {
    code: await freshTotpCode(app, created.username, secret),
  });
  return {
    id: created.id,
    username: created.username,
    password: OWN_OPERATOR_PASSWORD,
    totpSecret: secret,
    token,
    headers,
  };
}
