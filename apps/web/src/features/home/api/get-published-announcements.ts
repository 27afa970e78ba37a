import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnnouncement } from '@tasbiq/contracts/terms';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export const HOME_ANNOUNCEMENTS_LIMIT = 5;

export function getPublishedAnnouncements(
  limit = HOME_ANNOUNCEMENTS_LIMIT,
): Promise<TPaginated<TAnnouncement>> {
  return http.get<TPaginated<TAnnouncement>>('/announcements/published', { params: { limit } });
}

export const publishedAnnouncementsQuery = queryOptions({
  queryKey: ['announcements', 'published', HOME_ANNOUNCEMENTS_LIMIT],
  queryFn: () => getPublishedAnnouncements(),
});

export function usePublishedAnnouncementsQuery() {
  return useQuery({ ...publishedAnnouncementsQuery, select: (page) => page.results });
}
