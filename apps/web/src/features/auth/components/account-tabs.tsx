import { useTranslation } from 'react-i18next';

/** The mode tabs of the account popups (username / SMS, username / mobile). */
export function AccountTabs<T extends string>({
  options,
  value,
  onChange,
  labelKey,
}: {
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  labelKey: (option: T) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="account-tabs" role="tablist">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={value === option}
          className="account-tabs__tab"
          onClick={() => onChange(option)}
        >
          {t(labelKey(option))}
        </button>
      ))}
    </div>
  );
}
