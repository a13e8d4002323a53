import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';

/**
 * What an account popup says when its call fails. The server speaks English only, so a catalogue
 * code with its own translation (`errorCodes.<CODE>`) is said in the visitor's language; other
 * codes keep the server's message.
 */
export function failureMessage(failure: unknown, t: TFunction): string {
  if (!(failure instanceof ApiError)) return t('errors.unknown');
  if (failure.status === 0) return t('errors.network');
  return t(`errorCodes.${failure.code}`, { defaultValue: failure.message });
}
