import { useEffect, useState } from 'react';
import { siteClockText } from '../site-time.ts';

/** Spec 2.7: the header's GMT offset and a clock in the site's time that ticks every second. */
export function AgentClock({ gmtOffset }: { gmtOffset: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="agent-centre__clock" data-testid="agent-clock">
      <span className="agent-centre__offset">GMT{gmtOffset}</span>
      <time dateTime={now.toISOString()}>{siteClockText(now, gmtOffset)}</time>
    </span>
  );
}
