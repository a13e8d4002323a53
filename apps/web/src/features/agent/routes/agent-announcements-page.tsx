import { ANNOUNCEMENT_MARGIN_PAGES, ANNOUNCEMENT_PAGE_RANGE } from '@fortuna/contracts/announcements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { NumberedPager } from '../../../shared/ui/numbered-pager.tsx';
import { SafeHtml } from '../../../shared/ui/safe-html.tsx';
import { useAgentAnnouncements } from '../api/agent-announcements.ts';
import { ReportResult } from '../components/report-result.tsx';
import { siteClockText } from '../site-time.ts';
import './agent-announcements.css';

/**
 * Spec 2.7 agentAnnouncement: what the operator tells its agents (never shown in the lobby), a page
 * of titles with the newest open; choosing an open one again closes it, as in the lobby's popup.
 */
export function AgentAnnouncementsPage() {
  const { t, i18n } = useTranslation();
  // On the site's clock, as the centre's header and every report (ADR 032), not the device's.
  const { gmtOffset } = useSiteInfo();
  const [pageNo, setPageNo] = useState(1);
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const list = useAgentAnnouncements(i18n.language, pageNo);
  const items = list.data?.list ?? [];
  const openId = chosen === undefined ? (items[0]?.id ?? null) : chosen;
  return (
    <div className="report" data-testid="agent-announcements">
      <ReportResult
        problem={null}
        maxDays={0}
        query={list}
        empty={items.length === 0}
        emptyText={t('agent.empty.announcements')}
      >
        <ul className="agent-news">
          {items.map((item) => {
            const open = item.id === openId;
            return (
              <li key={item.id} className="agent-news__item" data-testid="agent-announcement">
                <button
                  type="button"
                  className="agent-news__title"
                  aria-expanded={open}
                  onClick={() => setChosen(open ? null : item.id)}
                >
                  <span>{item.title}</span>
                  <time dateTime={item.publishedAt}>
                    {siteClockText(new Date(item.publishedAt), gmtOffset)}
                  </time>
                </button>
                {open ? <SafeHtml className="agent-news__content" html={item.content} /> : null}
              </li>
            );
          })}
        </ul>
        <NumberedPager
          page={pageNo}
          totalPages={list.data?.totalPages ?? 1}
          range={ANNOUNCEMENT_PAGE_RANGE}
          margin={ANNOUNCEMENT_MARGIN_PAGES}
          onPage={(page) => {
            setPageNo(page);
            setChosen(undefined);
          }}
        />
      </ReportResult>
    </div>
  );
}
