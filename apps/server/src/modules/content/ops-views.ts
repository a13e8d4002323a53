import type { OpsAnnouncement } from '@fortuna/contracts/announcements';
import type { ContentStatus } from '@fortuna/contracts/content';
import type { BannerGroup, LinkageType, OpsBanner, OpsNotice } from '@fortuna/contracts/home-content';
import type { AnnouncementRecord } from './announcements.store.ts';
import type { BannerRecord, NoticeRecord } from './home-content.store.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function lifecycleView(row: {
  id: bigint;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    id: row.id.toString(),
    status: row.status as ContentStatus,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function opsAnnouncementView(record: AnnouncementRecord): OpsAnnouncement {
  return {
    ...lifecycleView(record),
    type: record.type as OpsAnnouncement['type'],
    popupType: record.popupType as OpsAnnouncement['popupType'],
    audience: record.audience as OpsAnnouncement['audience'],
    platform: record.platform as OpsAnnouncement['platform'],
    texts: record.texts.map(({ lang, title, contentHtml }) => ({
      lang: lang as OpsAnnouncement['texts'][number]['lang'],
      title,
      content: contentHtml,
    })),
    images: record.images.map(({ url, sequence }) => ({ url, sequence })),
  };
}

export function opsNoticeView(record: NoticeRecord): OpsNotice {
  return {
    ...lifecycleView(record),
    texts: record.texts.map(({ lang, title }) => ({ lang, title })),
    announcementId: record.announcementId?.toString() ?? null,
    sequence: record.sequence,
  };
}

export function opsBannerView(record: BannerRecord): OpsBanner {
  return {
    ...lifecycleView(record),
    group: record.group as BannerGroup,
    imageUrl: record.imageUrl,
    texts: record.texts.map(({ lang, alt, title }) => ({ lang, alt, title })),
    sequence: record.sequence,
    linkageType: record.linkageType as LinkageType | null,
    linkageTarget: record.linkageTarget,
  };
}
