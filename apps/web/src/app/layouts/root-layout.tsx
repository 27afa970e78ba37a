import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/ui/offline-banner.tsx';
import { TermsGate } from '../../features/terms/terms-gate.tsx';

/** Spec §2: scroll returns to the top on each navigation (a new path, not a filter change). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Above every page: scroll reset, the offline banner and the terms-of-use modal. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <OfflineBanner />
      <Outlet />
      <TermsGate />
    </>
  );
}
