import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type RefObject, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { formatTotal } from '../../lib/format/count.ts';
import { reveal } from '../../lib/hooks/use-reveal.ts';
import { Button } from './button.tsx';

export type PaginationProps = {
  /** Total of matching items (the `count` of a DRF page). */
  count: number;
  /** The page's `count_is_estimate`: the total reads « sur environ 12 000 ». */
  countIsEstimate?: boolean | undefined;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** Accessible name of the navigation, e.g. "Pagination des groupes". */
  label?: string;
  isFetching?: boolean;
  className?: string;
  /**
   * The list the buttons page through, where the focus goes (and the page scrolls) once a button
   * is pressed. By default the element just before the navigation.
   */
  listRef?: RefObject<HTMLElement | null>;
};

const numberFr = new Intl.NumberFormat('fr-FR');

/**
 * Previous / next over a limit-offset list, with "21–40 sur 57". Hidden when everything fits on
 * one page. The buttons stay in place (disabled at either end) so they do not jump under a finger.
 * A press takes the person to the top of the list (focus and scroll): the new page starts there,
 * not at the buttons below it.
 */
export function Pagination({
  count,
  countIsEstimate = false,
  limit,
  offset,
  onOffsetChange,
  label = 'Pagination',
  isFetching = false,
  className,
  listRef,
}: PaginationProps) {
  const navRef = useRef<HTMLElement>(null);
  if (count <= limit && offset === 0) return null;
  const goTo = (next: number) => {
    onOffsetChange(next);
    const list = listRef ? listRef.current : navRef.current?.previousElementSibling;
    if (list instanceof HTMLElement) reveal(list);
  };
  const first = count === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, count);
  return (
    <nav ref={navRef} aria-label={label} className={cx('flex items-center justify-between gap-3', className)}>
      <p className="text-sm text-gray-600" aria-live="polite">
        {numberFr.format(first)}–{numberFr.format(last)} sur {formatTotal(count, countIsEstimate)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          label="Précédent"
          icon={<IconChevronLeft aria-hidden="true" />}
          iconPosition="left"
          disabled={offset === 0 || isFetching}
          onClick={() => goTo(Math.max(0, offset - limit))}
        />
        <Button
          variant="secondary"
          size="sm"
          label="Suivant"
          icon={<IconChevronRight aria-hidden="true" />}
          disabled={offset + limit >= count || isFetching}
          onClick={() => goTo(offset + limit)}
        />
      </div>
    </nav>
  );
}
