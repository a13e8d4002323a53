import type { PopupType } from '@fortuna/contracts/announcements';

/** Who is reading: spec 2.8 shows popup type B to visitors, A to members and F on a first login. */
export type Audience = 'visitor' | 'member' | 'firstLogin';

const POPUPS_BY_AUDIENCE: Record<Audience, readonly PopupType[]> = {
  visitor: ['B'],
  member: ['A'],
  firstLogin: ['A', 'F'],
};

/**
 * Whether an announcement with this popup type is for this reader, in the list as in the popup:
 * one without a popup type is for everyone, a popup one only for its own audience.
 */
export function isForAudience(popupType: string | null, audience: Audience): boolean {
  return popupType === null || (POPUPS_BY_AUDIENCE[audience] as readonly string[]).includes(popupType);
}

/** Inside the publish window: from startsAt (inclusive) to endsAt (exclusive). */
export function isInWindow(item: { startsAt: Date | null; endsAt: Date | null }, now: Date): boolean {
  return (!item.startsAt || item.startsAt <= now) && (!item.endsAt || item.endsAt > now);
}

/** The text in the reader's language, else in the site's default language, else any. */
export function textFor<T extends { lang: string }>(
  texts: T[],
  lang: string,
  defaultLanguage: string,
): T | undefined {
  return (
    texts.find((text) => text.lang === lang) ??
    texts.find((text) => text.lang === defaultLanguage) ??
    texts[0]
  );
}

/** The earliest moment after `now` at which some item's window opens or closes. */
export function nextWindowEdge(items: { startsAt: Date | null; endsAt: Date | null }[], now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const item of items) {
    for (const edge of [item.startsAt, item.endsAt]) {
      const at = edge?.getTime();
      if (at !== undefined && at > now.getTime() && at < next) next = at;
    }
  }
  return next;
}

export function pageOf<T>(items: T[], pageNo: number, pageSize: number) {
  const total = items.length;
  return {
    list: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    pageNo,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
