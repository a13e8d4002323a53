import { useState } from 'react';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { lastSiteDays, periodProblem, type ReportPeriod } from '../report-period.ts';

/**
 * A report page's period: the last 7 days of the site's clock to start with, whether it can be
 * asked for (order and the contract's longest period), and the days to send.
 */
export function useReportPeriod(maxDays: number) {
  const { gmtOffset } = useSiteInfo();
  const [period, setPeriod] = useState<ReportPeriod>(() => lastSiteDays(7, gmtOffset));
  const problem = periodProblem(period, maxDays);
  return { period, setPeriod, problem, gmtOffset, days: { from: period.from, to: period.to } };
}
