import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeftUntil } from '../time-left.ts';

/** "Counts as received in 1 h 30 min", refreshed every half minute. */
export function TimeLeft({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeftUntil(deadline, now);
  return (
    <span className="withdraw-time-left" data-testid="time-left">
      {left.over
        ? t('withdraw.timeOver')
        : t('withdraw.timeLeft', { hours: left.hours, minutes: left.minutes })}
    </span>
  );
}
