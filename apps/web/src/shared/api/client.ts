import { type Call, type CallAnswer, type CallInput, pathOf, queryStringOf } from '@fortuna/contracts/call';
import { ENCRYPTED_BODY_CONTENT_TYPE, EncryptionCalls } from '@fortuna/contracts/encryption';
import { FailureValueSchema } from '@fortuna/contracts/envelope';
import type { z } from 'zod';
import { reportDeadToken } from '../session/dead-session.ts';
import { readSessionToken } from '../session/session-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error.ts';
import { createSealingKeyCache, sealBody } from './seal-body.ts';

type EnvelopeSchema = z.ZodType<{ success: boolean; value: unknown; message: string; code: string }>;
type ValueOf<S extends EnvelopeSchema> = NonNullable<z.infer<S>['value']>;

const UNKNOWN_ERROR = 'Unknown error';
/** The refusal of a call whose session the server no longer knows (other 401s are wrong credentials). */
const UNAUTHENTICATED = 'UNAUTHENTICATED';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A request body as it goes on the wire; FormData sets its own multipart content type. */
type WireBody = { contentType: string; content: string } | { contentType?: undefined; content: FormData };

async function request<S extends EnvelopeSchema>(
  method: string,
  path: string,
  schema: S,
  options: {
    query?: Record<string, unknown>;
    body?: WireBody;
    cache?: RequestCache;
    priority?: RequestPriority;
  } = {},
): Promise<ValueOf<S>> {
  const url = `${path}${queryStringOf(options.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body?.contentType) headers['content-type'] = options.body.contentType;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body?.content,
      ...(options.cache ? { cache: options.cache } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
  } catch {
    throw new ApiError('NETWORK', NETWORK_ERROR_MESSAGE, 0);
  }
  // A proxy in front of the server may answer with an HTML error page: that is a failure too.
  const payload: unknown = await response.json().catch(() => null);
  const answer = (payload ?? {}) as { success?: boolean; message?: string; code?: string; value?: unknown };
  if (!response.ok || answer.success !== true) {
    if (token && response.status === 401 && answer.code === UNAUTHENTICATED) reportDeadToken(token);
    const issues = FailureValueSchema.safeParse(answer.value);
    throw new ApiError(
      answer.code ?? 'INTERNAL',
      answer.message || UNKNOWN_ERROR,
      response.status,
      issues.success ? issues.data.issues : [],
      answer.value ?? null,
    );
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success || parsed.data.value === null)
    throw new ApiError('INTERNAL', UNKNOWN_ERROR, response.status);
  return parsed.data.value as ValueOf<S>;
}

// A key the server refused may still be in the browser's HTTP cache: fetched again, it is revalidated.
const sealingKey = createSealingKeyCache(({ revalidate }) =>
  callApi(EncryptionCalls.publicKey, {}, revalidate ? { cache: 'no-cache' } : {}),
);

async function sealedWireBody(body: unknown, method: string, path: string): Promise<WireBody> {
  const sealed = await sealBody(body, await sealingKey.get(), method, path);
  return { contentType: ENCRYPTED_BODY_CONTENT_TYPE, content: JSON.stringify(sealed) };
}

/** The body of a call as its declaration says it goes on the wire; none when the call gives none. */
function wireBodyOf(call: Call, body: unknown): WireBody | undefined {
  // A call without a body (logout) sends none: an empty JSON body is refused by the server.
  if (body === undefined) return undefined;
  if (call.encoding === 'form') {
    const fields = Object.entries(body as Record<string, unknown>).map(([name, value]) => [
      name,
      String(value),
    ]);
    return { contentType: FORM_CONTENT_TYPE, content: new URLSearchParams(fields).toString() };
  }
  // FormData sets its own multipart content type, with the boundary.
  if (call.encoding === 'multipart') return { content: body as FormData };
  return { contentType: 'application/json', content: JSON.stringify(body) };
}

/** What a call may ask of the browser besides its declared parts. */
export interface CallOptions {
  /** 'low' for what is fetched ahead of need, so it never delays what the page shows. */
  priority?: RequestPriority;
  /** How the browser's HTTP cache may answer ('no-cache': revalidate what it holds). */
  cache?: RequestCache;
}

/** A call with nothing to give (no params, query or body) may be made without its input. */
type InputArgs<C extends Call> =
  Record<never, never> extends CallInput<C>
    ? [input?: CallInput<C>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions];

/**
 * Makes a call declared in contracts (ADR 028): its method and path come from the declaration, its
 * params, query and body are typed by the declaration's schemas, and the answer is checked against
 * its response schema. Resolves to the envelope's value.
 */
export function callApi<const C extends Call>(
  call: C,
  ...[input, options]: InputArgs<C>
): Promise<CallAnswer<C>> {
  const parts = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = pathOf(call.path, parts.params);
  const send = (body: WireBody | undefined) =>
    request(call.method, path, call.response as EnvelopeSchema, {
      query: parts.query,
      ...(body ? { body } : {}),
      ...(options?.priority ? { priority: options.priority } : {}),
      ...(options?.cache ? { cache: options.cache } : {}),
    }) as Promise<CallAnswer<C>>;
  if (!call.sealed) return send(wireBodyOf(call, parts.body));
  return sendSealed(call.method, path, parts.body, send);
}

/**
 * Spec 7.1's encrypted calls: the body is sealed for the server's public key, bound to the method
 * and the path without its query (ADR 006). A body the server cannot open may have been sealed for
 * a key it has rotated since this page fetched it: the key is fetched again and the call made once more.
 */
async function sendSealed<T>(
  method: string,
  path: string,
  body: unknown,
  send: (body: WireBody) => Promise<T>,
): Promise<T> {
  try {
    return await send(await sealedWireBody(body, method, path));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'MALFORMED_REQUEST')) throw error;
    sealingKey.forget();
    return send(await sealedWireBody(body, method, path));
  }
}
