import { type RefObject, useEffect, useRef } from 'react';

/**
 * Scrolls `element` to the top of the screen (below the sticky header: the page's scroll-padding)
 * and gives it the focus, without a second scroll.
 */
export function reveal(element: HTMLElement | null): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.scrollIntoView?.({ block: 'start' });
  element.focus({ preventScroll: true });
}

/**
 * The outcome of an action shown where the person is not looking (below the fold, or in place of
 * the button just pressed): each time `key` changes to something (not null or undefined), the
 * element behind the returned ref is scrolled into view and focused, so a keyboard or screen-reader
 * user lands on it instead of on the page's body.
 */
export function useReveal<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null || key === undefined) return;
    reveal(ref.current);
  }, [key]);
  return ref;
}
