import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorCall,
  vendorCallPath,
} from '@fortuna/contracts/vendor-protocol';
import { signedJsonHeaders } from '@fortuna/signing/timestamped-hmac';
import { createHttpTransport, type Transport } from './http-transport.ts';

const SIGNATURE_HEADERS = { timestamp: VENDOR_TIMESTAMP_HEADER, signature: VENDOR_SIGNATURE_HEADER };

/** What the platform said, or that nobody knows whether it applied the call. */
export type CallOutcome =
  | { kind: 'answered'; status: number; code: string; message: string; value: Record<string, unknown> }
  | { kind: 'unknown'; reason: string };

export interface PlatformClientOptions {
  baseUrl: string;
  vendorCode: string;
  secret: string;
  /** How a call travels: node:http by default (http-transport.ts); tests give a fake platform's `fetch`. */
  fetch?: Transport;
  /** The protocol's advice: give up on one attempt after 10 s. */
  timeoutMs?: number;
  /** Waits before each retry; as many retries as entries. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

export const DEFAULT_RETRY_DELAYS_MS = [250, 1000, 2000] as const;

/**
 * The house games' side of the seamless-wallet protocol (docs/vendor-protocol.md). Each attempt
 * is signed afresh over the exact body bytes; the body (and so the transaction id) never changes
 * between attempts. Retried: network failures, timeouts, 5xx other than maintenance, and an
 * expired signature. Any other answer is final. When the retries run out the outcome is unknown.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  const send = options.fetch ?? createHttpTransport();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const url = (call: VendorCall) =>
    `${options.baseUrl.replace(/\/+$/, '')}${vendorCallPath(options.vendorCode, call)}`;

  async function attempt(call: VendorCall, rawBody: string): Promise<CallOutcome & { retry: boolean }> {
    try {
      const response = await send(url(call), {
        method: 'POST',
        headers: signedJsonHeaders(SIGNATURE_HEADERS, options.secret, rawBody, now()),
        body: rawBody,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      let envelope: { code?: unknown; message?: unknown; value?: unknown };
      try {
        envelope = JSON.parse(text);
      } catch {
        return {
          kind: 'unknown',
          reason: `HTTP ${response.status}, not JSON`,
          retry: response.status >= 500,
        };
      }
      const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`;
      const retry = (response.status >= 500 && code !== 'VENDOR_MAINTENANCE') || code === 'SIGNATURE_EXPIRED';
      if (retry) return { kind: 'unknown', reason: `${code} (HTTP ${response.status})`, retry };
      return {
        kind: 'answered',
        status: response.status,
        code,
        message: typeof envelope.message === 'string' ? envelope.message : '',
        value: (envelope.value ?? {}) as Record<string, unknown>,
        retry: false,
      };
    } catch (error) {
      return { kind: 'unknown', reason: (error as Error).message, retry: true };
    }
  }

  return {
    async call(call: VendorCall, body: Record<string, unknown>): Promise<CallOutcome> {
      const rawBody = JSON.stringify(body);
      let outcome = await attempt(call, rawBody);
      for (const delay of delays) {
        if (!outcome.retry) break;
        await sleep(delay);
        outcome = await attempt(call, rawBody);
      }
      const { retry: _retry, ...rest } = outcome;
      return rest;
    },
  };
}
