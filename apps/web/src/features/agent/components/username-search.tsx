import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A username box that filters when the agent searches (Enter or the button), not at every key:
 * each search is a report read over the whole line.
 */
export function UsernameSearch({ value, onSearch }: { value: string; onSearch: (username: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  return (
    <form
      className="report-filter__search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label className="report-filter__field">
        <span>{t('agent.username')}</span>
        <input
          type="search"
          value={draft}
          maxLength={16}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--violet">
        {t('agent.search')}
      </button>
    </form>
  );
}
