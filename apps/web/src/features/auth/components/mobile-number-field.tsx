import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { useCountryCodes } from '../api/get-country-codes.ts';

/** The dialling code picked unless the visitor chooses another (the brand serves the Philippines). */
export const DEFAULT_DIALING_CODE = '+63';

/**
 * A mobile number with its dialling code selector beside it. The select is named
 * `countryDialingCode` and the input `name`, so a form reads both from its FormData.
 */
export function MobileNumberField({
  name,
  label,
  required,
  error,
  defaultMobile,
  defaultDialingCode = DEFAULT_DIALING_CODE,
}: {
  name: string;
  label: string;
  required: boolean;
  error?: string | null;
  /** A prefill, e.g. the remembered login's number (spec 9). */
  defaultMobile?: string;
  defaultDialingCode?: string;
}) {
  const { t } = useTranslation();
  const countries = useCountryCodes();
  // One entry per dialling code: several countries share +1 and +7.
  const codes = [
    ...new Set([
      DEFAULT_DIALING_CODE,
      defaultDialingCode,
      ...(countries.data ?? []).map((c) => c.countryDialingCode),
    ]),
  ];
  const nameOf = (code: string) =>
    (countries.data ?? [])
      .filter((country) => country.countryDialingCode === code)
      .map((country) => country.name)
      .join(', ');
  return (
    <FormField name={name} label={label} required={required} error={error}>
      {(control) => (
        <div className="account-field__row">
          <select
            name="countryDialingCode"
            defaultValue={defaultDialingCode}
            aria-label={t('account.dialingCode')}
          >
            {codes.map((code) => (
              <option key={code} value={code} title={nameOf(code) || undefined}>
                {code}
              </option>
            ))}
          </select>
          <input
            {...control}
            name={name}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={15}
            defaultValue={defaultMobile}
          />
        </div>
      )}
    </FormField>
  );
}
