import { credentialMessageOf } from '../../shared/ui/form/credential-validation.ts';
import type { FailureVocabulary } from '../../shared/ui/form/field-message.ts';
import { useFormState } from '../../shared/ui/form/use-form-state.ts';

/** Failures that belong to one field of an account form even when the server names no field. */
const ACCOUNT_FAILURES: FailureVocabulary = {
  fieldOfCode: {
    CAPTCHA_INVALID: 'captcha',
    SMS_CODE_INVALID: 'verificationCode',
    SMS_CODE_EXPIRED: 'verificationCode',
    SMS_TOO_MANY_TRIES: 'verificationCode',
    INVITATION_CODE_ERROR: 'affiliateCode',
    WRONG_PASSWORD: 'oldPassword',
    USERNAME_TAKEN: 'username',
    MOBILE_TAKEN: 'mobileNum',
  },
  // The credential rules' wordings are the contract's; the lobby says them in the member's language.
  knownMessage: credentialMessageOf,
};

/** The form state of the account popups, knowing the credential rules' failures. */
export function useAccountForm<Field extends string>(fields: readonly Field[]) {
  return useFormState(fields, ACCOUNT_FAILURES);
}
