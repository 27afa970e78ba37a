import { useEffect, useRef } from 'react';

/**
 * The item a link pointed at (`/historique?…&item=12`, `/bonuses?item=3`): once shown, it is scrolled into view and
 * takes the focus (it has tabIndex -1), so a screen reader starts there too.
 */
export function useRevealedItem<E extends HTMLElement>(isRevealed: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!isRevealed || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [isRevealed]);
  return ref;
}

/** Classes of the linked item: it stands out from its neighbours. */
export const revealedItemClass =
  '-mx-3 rounded-xl bg-brand-50 px-3 ring-2 ring-brand-600 ring-inset focus:outline-none sm:-mx-5 sm:px-5';
