import type { AnnouncementInputSchema, OpsAnnouncement } from '@fortuna/contracts/announcements';
import type { ContentStatus, PublishWindowSchema } from '@fortuna/contracts/content';
import type {
  BannerInputSchema,
  NoticeInputSchema,
  OpsBanner,
  OpsNotice,
} from '@fortuna/contracts/home-content';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeContentHtml } from '../../platform/safe-html.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import * as announcementStore from './announcements.store.ts';
import * as homeStore from './home-content.store.ts';
import { type ContentKind, lockLifecycle, updateLifecycle } from './lifecycle.store.ts';

import { opsAnnouncementView, opsBannerView, opsNoticeView } from './ops-views.ts';

/** The kinds of content that share the publishing lifecycle (for the routes). */
export type { ContentKind } from './lifecycle.store.ts';

type AnnouncementInput = z.output<typeof AnnouncementInputSchema>;
type NoticeInput = z.output<typeof NoticeInputSchema>;
type BannerInput = z.output<typeof BannerInputSchema>;
type PublishWindow = z.output<typeof PublishWindowSchema>;

export interface ContentOpsDeps {
  db: Database;
  /** The site's default language: every item needs a text in it, the others fall back to it. */
  defaultLanguage: () => string;
  /** After a commit that changed what members see: refresh caches, tell other nodes and open pages. */
  publishedContentChanged: () => Promise<void>;
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/**
 * The operator's side of announcements, notices and banners: write, schedule, publish and
 * withdraw, each audited in the same transaction. Announcement HTML is cleaned before it is stored.
 */
export function createContentOps(deps: ContentOpsDeps) {
  const { db } = deps;

  function requireDefaultLanguage(texts: { lang: string }[]): void {
    const lang = deps.defaultLanguage();
    if (!texts.some((text) => text.lang === lang)) {
      throw AppError.invalidField('body.texts', `must include the default language ${lang}`);
    }
  }

  /** Runs a change of one item with its audit entry; members are told after the commit if they could see it. */
  async function change<T>(
    kind: ContentKind,
    action: string,
    caller: OperatorCaller,
    id: bigint | null,
    work: (tx: Executor) => Promise<{ id: bigint; visible: boolean; details?: Record<string, unknown> }>,
    read: (id: bigint) => Promise<T>,
  ): Promise<T> {
    const done = await db.transaction(async (tx) => {
      const result = await work(tx);
      await recordAudit(tx, {
        actor: caller.actor,
        action: `${kind}.${action}`,
        targetType: kind,
        targetId: (id ?? result.id).toString(),
        details: result.details,
      });
      return result;
    });
    if (done.visible) await deps.publishedContentChanged();
    return read(done.id);
  }

  async function lockOrNotFound(tx: Executor, kind: ContentKind, id: bigint) {
    const state = await lockLifecycle(tx, kind, id);
    if (!state) throw new AppError('NOT_FOUND', { message: `No ${kind} ${id}` });
    return state;
  }

  const readAnnouncement = async (id: bigint) =>
    opsAnnouncementView(
      (await announcementStore.findAnnouncement(db, id)) as announcementStore.AnnouncementRecord,
    );
  const readNotice = async (id: bigint) =>
    opsNoticeView((await homeStore.findNotice(db, id)) as homeStore.NoticeRecord);
  const readBanner = async (id: bigint) =>
    opsBannerView((await homeStore.findBanner(db, id)) as homeStore.BannerRecord);
  const readers: Record<ContentKind, (id: bigint) => Promise<OpsAnnouncement | OpsNotice | OpsBanner>> = {
    announcement: readAnnouncement,
    notice: readNotice,
    banner: readBanner,
  };

  /** Saves one item (id null: a new draft); a published one changes what members see at once. */
  function save<T>(
    kind: ContentKind,
    id: bigint | null,
    caller: OperatorCaller,
    write: (tx: Executor) => Promise<bigint | null>,
    read: (id: bigint) => Promise<T>,
  ): Promise<T> {
    return change(
      kind,
      id === null ? 'create' : 'update',
      caller,
      id,
      async (tx) => {
        const state = id === null ? null : await lockOrNotFound(tx, kind, id);
        const saved = await write(tx);
        if (saved === null) throw new AppError('NOT_FOUND', { message: `No ${kind} ${id}` });
        return { id: saved, visible: state?.status === 'PUBLISHED' };
      },
      read,
    );
  }

  return {
    listAnnouncements: async (status?: ContentStatus) =>
      (await announcementStore.listAnnouncements(db, status)).map(opsAnnouncementView),
    listNotices: async (status?: ContentStatus) =>
      (await homeStore.listNotices(db, status)).map(opsNoticeView),
    listBanners: async (status?: ContentStatus) =>
      (await homeStore.listBanners(db, status)).map(opsBannerView),

    saveAnnouncement(id: bigint | null, input: AnnouncementInput, caller: OperatorCaller) {
      requireDefaultLanguage(input.texts);
      const fields = {
        type: input.type,
        popupType: input.popupType,
        audience: input.audience,
        platform: input.platform,
        startsAt: dateOrNull(input.startsAt),
        endsAt: dateOrNull(input.endsAt),
      };
      const texts = input.texts.map(({ lang, title, content }) => ({
        lang,
        title,
        contentHtml: safeContentHtml(content),
      }));
      return save(
        'announcement',
        id,
        caller,
        (tx) => announcementStore.saveAnnouncement(tx, id, fields, texts, input.images),
        readAnnouncement,
      );
    },

    async saveNotice(id: bigint | null, input: NoticeInput, caller: OperatorCaller) {
      requireDefaultLanguage(input.texts);
      const announcementId = input.announcementId === null ? null : BigInt(input.announcementId);
      if (announcementId !== null && !(await announcementStore.announcementExists(db, announcementId))) {
        throw AppError.invalidField('body.announcementId', 'no such announcement');
      }
      const fields = {
        announcementId,
        sequence: input.sequence,
        startsAt: dateOrNull(input.startsAt),
        endsAt: dateOrNull(input.endsAt),
      };
      return save(
        'notice',
        id,
        caller,
        (tx) => homeStore.saveNotice(tx, id, fields, input.texts),
        readNotice,
      );
    },

    saveBanner(id: bigint | null, input: BannerInput, caller: OperatorCaller) {
      requireDefaultLanguage(input.texts);
      const { texts, startsAt, endsAt, ...rest } = input;
      const fields = { ...rest, startsAt: dateOrNull(startsAt), endsAt: dateOrNull(endsAt) };
      return save('banner', id, caller, (tx) => homeStore.saveBanner(tx, id, fields, texts), readBanner);
    },

    schedule(kind: ContentKind, id: bigint, window: PublishWindow, caller: OperatorCaller) {
      return change(
        kind,
        'schedule',
        caller,
        id,
        async (tx) => {
          const state = await lockOrNotFound(tx, kind, id);
          await updateLifecycle(tx, kind, id, {
            startsAt: dateOrNull(window.startsAt),
            endsAt: dateOrNull(window.endsAt),
          });
          return { id, visible: state.status === 'PUBLISHED', details: { ...window } };
        },
        readers[kind],
      );
    },

    /** DRAFT or WITHDRAWN → PUBLISHED; it shows once its window opens. */
    publish(kind: ContentKind, id: bigint, caller: OperatorCaller) {
      return change(
        kind,
        'publish',
        caller,
        id,
        async (tx) => {
          const state = await lockOrNotFound(tx, kind, id);
          if (state.status === 'PUBLISHED')
            throw new AppError('CONFLICT', { message: `The ${kind} is already published` });
          await updateLifecycle(tx, kind, id, { status: 'PUBLISHED', publishedAt: new Date() });
          return { id, visible: true, details: { from: state.status } };
        },
        readers[kind],
      );
    },

    /** PUBLISHED → WITHDRAWN: gone from every page. */
    withdraw(kind: ContentKind, id: bigint, caller: OperatorCaller) {
      return change(
        kind,
        'withdraw',
        caller,
        id,
        async (tx) => {
          const state = await lockOrNotFound(tx, kind, id);
          if (state.status !== 'PUBLISHED')
            throw new AppError('CONFLICT', { message: `The ${kind} is not published` });
          await updateLifecycle(tx, kind, id, { status: 'WITHDRAWN' });
          return { id, visible: true };
        },
        readers[kind],
      );
    },
  };
}
export type ContentOps = ReturnType<typeof createContentOps>;
