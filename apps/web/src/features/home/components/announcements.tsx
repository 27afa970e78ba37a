import { Suspense } from 'react';
import { LazyRichContent } from '../../../components/ui/lazy-rich-content.tsx';
import { formatRelativeTime } from '../../../lib/format/relative-time.ts';
import { usePublishedAnnouncementsQuery } from '../api/get-published-announcements.ts';

/**
 * The company's published announcements; nothing at all when there are none (or the call failed).
 * The section shows whole once the HTML cleaner has arrived (fetched only when there is something
 * to show), so nothing moves under the reader.
 */
export function Announcements() {
  const announcements = usePublishedAnnouncementsQuery();
  if (!announcements.data || announcements.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <section aria-labelledby="announcements-title" className="flex flex-col gap-3">
        <h2 id="announcements-title" className="text-lg font-semibold text-gray-900">
          Annonces
        </h2>
        <ul className="flex flex-col gap-3">
          {announcements.data.map((announcement) => (
            <li key={announcement.id}>
              <article className="rounded-2xl bg-white p-4 ring-1 ring-gray-200">
                <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-gray-900">{announcement.title}</h3>
                  <time dateTime={announcement.published_at} className="text-xs text-gray-500">
                    {formatRelativeTime(announcement.published_at)}
                  </time>
                </header>
                <LazyRichContent html={announcement.content} className="text-sm text-gray-700" />
              </article>
            </li>
          ))}
        </ul>
      </section>
    </Suspense>
  );
}
