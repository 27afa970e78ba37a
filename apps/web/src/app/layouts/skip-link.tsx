/** First focusable element of a layout: keyboard users jump over the navigation. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-xl focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700 focus:shadow-lg focus:outline-2 focus:outline-brand-600"
    >
      Aller au contenu principal
    </a>
  );
}
