import { type ReactNode, useId } from 'react';
import { useReveal } from '../../../lib/hooks/use-reveal.ts';

/**
 * Where an upload's outcome (imported, lines to fix, error) is shown: under the form, below the
 * fold on a phone and often on a desktop. Each new outcome is scrolled to the top of the screen and
 * its heading focused, so the person sees it and a screen reader reads it from its title.
 */
export function ImportOutcome({
  outcome,
  title,
  children,
}: {
  /** The last upload's outcome; a new one (a new object) is revealed. Nothing is shown for null. */
  outcome: object | null;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const headingRef = useReveal<HTMLHeadingElement>(outcome);
  if (outcome === null) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-gray-900 focus:outline-none"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
