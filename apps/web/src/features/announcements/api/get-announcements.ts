import {
  AnnouncementCalls,
  type AnnouncementPage,
  type AnnouncementType,
} from '@fortuna/contracts/announcements';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/session-store.ts';

/**
 * The announcements list, as a visitor or as the logged-in member (the client sends the token).
 * Keys start with 'announcements': the pushed `announcements` event refreshes every one of them.
 */
export const announcementsQuery = (params: {
  lang: string;
  popup: boolean;
  pageNo: number;
  isLogin: boolean;
  type?: AnnouncementType;
}) =>
  queryOptions({
    queryKey: ['announcements', 'list', params],
    queryFn: (): Promise<AnnouncementPage> =>
      callApi(AnnouncementCalls.list, {
        query: { lang: params.lang, popup: String(params.popup), pageNo: params.pageNo, type: params.type },
      }),
    staleTime: 60_000,
  });

export function useAnnouncements(lang: string, popup: boolean, pageNo: number, type?: AnnouncementType) {
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({
    ...announcementsQuery({ lang, popup, pageNo, isLogin, ...(type ? { type } : {}) }),
    placeholderData: keepPreviousData,
  });
}
