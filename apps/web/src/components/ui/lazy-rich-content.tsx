import { lazy } from 'react';
import type { RichContentProps } from './rich-content.tsx';

/**
 * What shows in the content's place when its code could not be downloaded (offline, or a new
 * deployment removed the old chunk): a line to read, not an error that takes the whole page down.
 */
function RichContentUnavailable({ className }: RichContentProps) {
  return (
    <p role="status" className={className}>
      Ce contenu n'a pas pu être chargé. Rechargez la page pour le lire.
    </p>
  );
}

/**
 * RichContent with its DOMPurify (11.5 KiB of gzip) downloaded when some HTML is first shown, not
 * with the first page that might show some (the terms gate on every page, the home's announcements;
 * issue 9 §4). Render it inside a Suspense boundary.
 */
export const LazyRichContent = lazy(() =>
  import('./rich-content.tsx').then(
    (module) => ({ default: module.RichContent }),
    () => ({ default: RichContentUnavailable }),
  ),
);
