import type { AgentAnnouncementQuerySchema } from '@fortuna/contracts/agent';
import type { AnnouncementItem, AnnouncementListQuerySchema } from '@fortuna/contracts/announcements';
import type { BannerGroup, BannerItem, LinkageType, NoticeItem } from '@fortuna/contracts/home-content';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { ok } from '../../platform/reply.ts';
import { safeContentHtml } from '../../platform/safe-html.ts';
import type { FirstPaintBanner } from '../../platform/web-app.ts';
import { type AnnouncementRecord, readLiveAnnouncements } from './announcements.store.ts';
import {
  type BannerRecord,
  type NoticeRecord,
  readLiveBanners,
  readLiveNotices,
} from './home-content.store.ts';
import { type Audience, isForAudience, isInWindow, nextWindowEdge, pageOf, textFor } from './visibility.ts';

type AnnouncementQuery = z.output<typeof AnnouncementListQuerySchema>;
type AgentAnnouncementQuery = z.output<typeof AgentAnnouncementQuerySchema>;

interface Snapshot {
  announcements: AnnouncementRecord[];
  notices: NoticeRecord[];
  banners: BannerRecord[];
  hasFirstLoginPopups: boolean;
}

/**
 * What members and visitors read of the operator's content. Announcements are on the home page
 * and in the popup of every visit, so the published items are kept per node as a snapshot
 * (reloaded when an operator changes one — on this node at once, on the others through the bus —
 * and every 30 s as a safety net), and each answer is kept as encoded JSON until the snapshot
 * changes or a publish window opens or closes.
 */
export function createContentReads(deps: { db: Database; defaultLanguage: () => string }) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  const answers = new Map<string, Buffer>();
  let answersValidUntil = Number.POSITIVE_INFINITY;

  async function load(): Promise<Snapshot> {
    const now = new Date();
    const [announcements, notices, banners] = await Promise.all([
      readLiveAnnouncements(deps.db, now),
      readLiveNotices(deps.db, now),
      readLiveBanners(deps.db, now),
    ]);
    for (const announcement of announcements) {
      // Cleaned again on the way out: a row written by hand or under older rules is safe too.
      for (const text of announcement.texts) text.contentHtml = safeContentHtml(text.contentHtml);
    }
    announcements.sort(
      (a, b) => effectiveTime(b) - effectiveTime(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    return {
      announcements,
      notices,
      banners,
      hasFirstLoginPopups: announcements.some((announcement) => announcement.popupType === 'F'),
    };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot) return snapshot;
    return refresh();
  }

  /** Reads the published content again; concurrent callers share one read. */
  function refresh(): Promise<Snapshot> {
    loading ??= load()
      .then((loaded) => {
        snapshot = loaded;
        answers.clear();
        answersValidUntil = nextEdge(loaded, new Date());
        return loaded;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function cached(key: string, build: (snapshot: Snapshot, now: Date) => unknown): Promise<Buffer> {
    const loaded = await current();
    const now = new Date();
    if (now.getTime() >= answersValidUntil) {
      answers.clear();
      answersValidUntil = nextEdge(loaded, now);
    }
    let answer = answers.get(key);
    if (!answer) {
      answer = Buffer.from(JSON.stringify(ok(build(loaded, now))));
      answers.set(key, answer);
    }
    return answer;
  }

  const defaultLanguage = () => deps.defaultLanguage();

  return {
    refresh,
    /** Whether a member's first login matters to any answer (saves a session lookup otherwise). */
    async hasFirstLoginPopups(): Promise<boolean> {
      return (await current()).hasFirstLoginPopups;
    },

    announcements(query: AnnouncementQuery, audience: Audience): Promise<Buffer> {
      const key = `a|${audience}|${query.lang}|${query.platform}|${query.type ?? ''}|${query.popup}|${query.pageNo}|${query.pageSize}`;
      return cached(key, (loaded, now) => {
        const visible = loaded.announcements.filter(
          (item) =>
            item.platform === query.platform &&
            item.audience === 'MEMBERS' &&
            (!query.type || item.type === query.type) &&
            (!query.popup || item.popupType !== null) &&
            isForAudience(item.popupType, audience) &&
            isInWindow(item, now),
        );
        return pageOf(
          visible.map((item) => announcementItem(item, query.lang, defaultLanguage())),
          query.pageNo,
          query.pageSize,
        );
      });
    },

    /** The agent centre's announcements (spec 2.7 agentAnnouncement): those for agents only. */
    agentAnnouncements(query: AgentAnnouncementQuery): Promise<Buffer> {
      const key = `agents|${query.lang}|${query.type ?? ''}|${query.pageNo}|${query.pageSize}`;
      return cached(key, (loaded, now) => {
        const visible = loaded.announcements.filter(
          (item) =>
            item.audience === 'AGENTS' && (!query.type || item.type === query.type) && isInWindow(item, now),
        );
        return pageOf(
          visible.map((item) => announcementItem(item, query.lang, defaultLanguage())),
          query.pageNo,
          query.pageSize,
        );
      });
    },

    notices(lang: string): Promise<Buffer> {
      return cached(`n|${lang}`, (loaded, now) =>
        loaded.notices
          .filter((notice) => isInWindow(notice, now))
          .map(
            (notice): NoticeItem => ({
              id: notice.id.toString(),
              title: textFor(notice.texts, lang, defaultLanguage())?.title ?? '',
              announcementId: notice.announcementId?.toString() ?? null,
            }),
          ),
      );
    },

    /**
     * A group's first live banner as the lobby will draw it first: its image (the home page's
     * largest, preloaded) and its title in the site's default language, for the first paint.
     */
    async firstBanner(group: BannerGroup): Promise<FirstPaintBanner | undefined> {
      const now = new Date();
      const loaded = await current();
      const banner = loaded.banners.find((item) => item.group === group && isInWindow(item, now));
      if (!banner) return undefined;
      const lang = defaultLanguage();
      return { imageUrl: banner.imageUrl, title: textFor(banner.texts, lang, lang)?.title ?? '', lang };
    },

    banners(group: BannerGroup, lang: string): Promise<Buffer> {
      return cached(`b|${group}|${lang}`, (loaded, now) =>
        loaded.banners
          .filter((banner) => banner.group === group && isInWindow(banner, now))
          .map((banner): BannerItem => {
            const text = textFor(banner.texts, lang, defaultLanguage());
            return {
              id: banner.id.toString(),
              group,
              imageUrl: banner.imageUrl,
              alt: text?.alt ?? '',
              title: text?.title ?? '',
              sequence: banner.sequence,
              linkageType: banner.linkageType as LinkageType | null,
              linkageTarget: banner.linkageTarget,
            };
          }),
      );
    },
  };
}
export type ContentReads = ReturnType<typeof createContentReads>;

function effectiveTime(item: AnnouncementRecord): number {
  return (item.startsAt ?? item.publishedAt ?? item.createdAt).getTime();
}

function nextEdge(snapshot: Snapshot, now: Date): number {
  return nextWindowEdge([...snapshot.announcements, ...snapshot.notices, ...snapshot.banners], now);
}

function announcementItem(item: AnnouncementRecord, lang: string, defaultLanguage: string): AnnouncementItem {
  const text = textFor(item.texts, lang, defaultLanguage);
  return {
    id: item.id.toString(),
    type: item.type as AnnouncementItem['type'],
    popupType: item.popupType as AnnouncementItem['popupType'],
    lang: text?.lang ?? lang,
    title: text?.title ?? '',
    content: text?.contentHtml ?? '',
    images: item.images.map(({ url, sequence }) => ({ url, sequence })),
    publishedAt: new Date(effectiveTime(item)).toISOString(),
  };
}
