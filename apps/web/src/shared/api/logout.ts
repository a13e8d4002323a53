import { SessionCalls } from '@fortuna/contracts/session';
import { ApiError } from './api-error.ts';
import { callApi } from './client.ts';

/** Ends the session on the server. A 401 means it had already ended, which is what was asked. */
export async function logoutOnServer(): Promise<void> {
  try {
    await callApi(SessionCalls.logout);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401) return;
    throw failure;
  }
}
