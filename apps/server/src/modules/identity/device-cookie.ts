import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../platform/cookies.ts';
import { tokenHash } from './secrets.ts';

/** The browser's device id (ADR 077): what the promotions' per-device limit and abuse rule compare. */
export const DEVICE_COOKIE = 'fortuna_device';
/** Browsers cap a cookie's life at 400 days; a login inside it keeps the id alive. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 86_400;
// Only API calls read it: the lobby's static files need not carry it.
const DEVICE_COOKIE_PATH = '/wps';
/** 256 random bits, base64url: exactly what newDeviceId makes, so anything else is not ours. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = (): string => randomBytes(32).toString('base64url');

/** The request's device id; undefined when absent, forged in shape, oversized or otherwise not ours. */
export function deviceIdOf(cookieHeader: string | undefined): string | undefined {
  const value = readCookie(cookieHeader, DEVICE_COOKIE);
  return value !== undefined && DEVICE_ID_PATTERN.test(value) ? value : undefined;
}

/**
 * The id is a bearer-like secret (who holds it looks like that browser), so only its SHA-256 is
 * stored; 256 random bits leave nothing to guess from the hash.
 */
export const deviceHashOf = (deviceId: string): string => tokenHash(deviceId);

/**
 * HttpOnly: no script of the page reads it. Lax: a top-level arrival from a link still carries it,
 * a cross-site form post does not. Secure when the call came over https.
 */
export function deviceCookie(deviceId: string, secure: boolean): string {
  const attributes = [
    `${DEVICE_COOKIE}=${deviceId}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * The browser's device id, given one when it brings none of ours (a malformed or oversized value
 * is replaced, never an error). Renewed on every answer that calls this, so its life runs from
 * the member's last login.
 */
export function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const deviceId = deviceIdOf(request.headers.cookie) ?? newDeviceId();
  reply.header('set-cookie', deviceCookie(deviceId, request.protocol === 'https'));
  return deviceId;
}
