import { FailureValueSchema } from '@fortuna/contracts/envelope';
import type { z } from 'zod';
import { readSessionToken } from '../session/session-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error.ts';

type EnvelopeSchema = z.ZodType<{ success: boolean; value: unknown; message: string; code: string }>;
type ValueOf<S extends EnvelopeSchema> = NonNullable<z.infer<S>['value']>;

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
  let payload: unknown;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    payload = await response.json();
  } catch {
    throw new ApiError('NETWORK', NETWORK_ERROR_MESSAGE, 0);
  }
  const failed = payload as { success?: boolean; message?: string; code?: string; value?: unknown };
  if (!response.ok || failed.success !== true) {
    const issues = FailureValueSchema.safeParse(failed.value);
    throw new ApiError(
      failed.code ?? 'INTERNAL',
      failed.message || 'Unknown error',
      response.status,
      issues.success ? issues.data.issues : [],
    );
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success || parsed.data.value === null)
    throw new ApiError('INTERNAL', 'Unknown error', response.status);
  return parsed.data.value as ValueOf<S>;
}

/** The typed client of the lobby: every call is checked against its contract schema. */
export const api = {
  get: <S extends EnvelopeSchema>(path: string, schema: S, query?: Record<string, string>) =>
    request('GET', path, schema, { query }),
  send: <S extends EnvelopeSchema>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    body?: unknown,
  ) => request(method, path, schema, { body }),
};
