import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/api-error.ts';

/**
 * What an account popup says when its call fails: the server's own message, except while the
 * server does not offer the call yet (404), which is said plainly instead of "Not found".
 */
export function failureMessage(failure: unknown, t: TFunction): string {
  if (!(failure instanceof ApiError)) return t('errors.unknown');
  if (failure.status === 0) return t('errors.network');
  if (failure.status === 404) return t('account.unavailable');
  return failure.message;
}
