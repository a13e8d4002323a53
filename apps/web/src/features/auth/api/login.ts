import {
  type LoginRequest,
  LoginResponseSchema,
  type LoginValue,
  SessionPaths,
} from '@fortuna/contracts/session';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1: the login call, its body sealed for the server (it carries the password). */
export function login(request: LoginRequest): Promise<LoginValue> {
  return apiSend('POST', SessionPaths.login, request, LoginResponseSchema, { sealed: true });
}
