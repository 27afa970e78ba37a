import DOMPurify from 'dompurify';
import { useLayoutEffect, useMemo, useRef } from 'react';

export type RichContentProps = {
  /** HTML from the API (terms, announcements); sanitised before it reaches the DOM. */
  html: string;
  className?: string;
};

/**
 * Inside the shadow root our Tailwind reset does not apply and the content's own markup cannot
 * restyle the app; only inherited properties (font, colour) cross the boundary.
 */
export const RICH_CONTENT_STYLE = `
:host { display: block; overflow-wrap: anywhere; }
p, ul, ol { margin: 0 0 0.75rem; }
ul, ol { padding-left: 1rem; }
li { margin-left: 0.75rem; }
a { color: inherit; text-decoration: underline; }
img { max-width: 100%; height: auto; }
`;

export function RichContent({ html, className }: RichContentProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);

  // Layout effect: the content is in place before the first paint, so nothing flashes empty.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // StrictMode runs effects twice and a host takes only one shadow root: reuse it.
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = RICH_CONTENT_STYLE;
    const body = document.createElement('div');
    body.innerHTML = clean;
    root.replaceChildren(style, body);
  }, [clean]);

  return <div ref={hostRef} className={className} data-testid="rich-content" />;
}
