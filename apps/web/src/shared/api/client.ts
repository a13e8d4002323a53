import { FailureValueSchema } from '@fortuna/contracts/envelope';
import type { z } from 'zod';
import { readSessionToken } from '../session/session-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error.ts';

type EnvelopeSchema = z.ZodType<{ success: boolean; value: unknown; message: string; code: string }>;
type ValueOf<S extends EnvelopeSchema> = NonNullable<z.infer<S>['value']>;

const UNKNOWN_ERROR = 'Unknown error';

async function request<S extends EnvelopeSchema>(
  method: string,
  path: string,
  schema: S,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<ValueOf<S>> {
  const url = options.query ? `${path}?${new URLSearchParams(options.query)}` : path;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError('NETWORK', NETWORK_ERROR_MESSAGE, 0);
  }
  // A proxy in front of the server may answer with an HTML error page: that is a failure too.
  const payload: unknown = await response.json().catch(() => null);
  const answer = (payload ?? {}) as { success?: boolean; message?: string; code?: string; value?: unknown };
  if (!response.ok || answer.success !== true) {
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

/** A GET call checked against its contract's answer schema; resolves to the envelope's value. */
export function apiGet<S extends EnvelopeSchema>(
  path: string,
  responseSchema: S,
  options: { query?: Record<string, string> } = {},
): Promise<ValueOf<S>> {
  return request('GET', path, responseSchema, options);
}

/** A call with a JSON body, checked against its contract's answer schema. */
export function apiSend<S extends EnvelopeSchema>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  responseSchema: S,
): Promise<ValueOf<S>> {
  return request(method, path, responseSchema, { body });
}
