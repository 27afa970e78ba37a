import { lazy } from 'react';

/**
 * RichContent with its DOMPurify (11.5 KiB of gzip) downloaded when some HTML is first shown, not
 * with the first page that might show some (the terms gate on every page, the home's announcements;
 * issue 9 §4). Render it inside a Suspense boundary.
 */
export const LazyRichContent = lazy(() =>
  import('./rich-content.tsx').then((module) => ({ default: module.RichContent })),
);
