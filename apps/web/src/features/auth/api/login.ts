import { type LoginRequest, type LoginValue, SessionCalls } from '@fortuna/contracts/session';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1: the login call, its body sealed for the server (it carries the password). */
export function login(request: LoginRequest): Promise<LoginValue> {
  return callApi(SessionCalls.login, { body: request });
}
