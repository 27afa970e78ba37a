import { type ReactNode, useEffect } from 'react';
import { cx } from '../../lib/cx.ts';
import { commonFr } from '../../locales/fr/common.ts';

export type PageTitleProps = {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown beside the title (below it on phones). */
  actions?: ReactNode;
  /** Also set the browser tab's title ("Titre · Tasbiq"). Default true. */
  setsDocumentTitle?: boolean;
  className?: string;
};

/** The page's h1. Also names the tab, which screen readers announce after a client-side navigation. */
export function PageTitle({ title, subtitle, actions, setsDocumentTitle = true, className }: PageTitleProps) {
  useEffect(() => {
    if (setsDocumentTitle) document.title = `${title} · ${commonFr.appName}`;
  }, [title, setsDocumentTitle]);

  return (
    <header className={cx('mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-xl font-semibold text-gray-900 sm:text-2xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
