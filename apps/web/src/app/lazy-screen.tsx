import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';

/** What starts the download of a lazy screen's code, by the element `lazyScreen` returned. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A screen whose code downloads the first time its route is visited, not with the app: the first
 * page a visitor opens does not wait for every other screen (and their libraries). Guards and
 * layouts stay in the main bundle, so the frame of the page shows at once and only the screen's
 * own place shows the spinner.
 *
 * `lazyScreen(() => import('../features/groups/groups-screen.tsx'), 'GroupsScreen')`
 */
export function lazyScreen<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ReactElement {
  // One download, shared by an early preload and the render that needs the screen.
  let loading: Promise<Module> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next attempt
      throw error;
    });
    return loading;
  };
  const Screen = lazy(async () => {
    const screen: ComponentType = (await loadOnce())[name];
    return { default: screen };
  });
  const element = (
    <Suspense fallback={<Spinner isBlock size="lg" />}>
      <Screen />
    </Suspense>
  );
  loaders.set(element, loadOnce);
  return element;
}

/**
 * Starts downloading the code of a `lazyScreen` element now (anything else: nothing), so that it
 * arrives while the guard above it still waits for the account rather than after.
 */
export function preloadScreen(element: ReactNode): void {
  if (element === null || typeof element !== 'object') return;
  const load = loaders.get(element);
  if (load) load().catch(() => {}); // the render that needs it retries and shows the error
}

/**
 * A route's `handle` names its lazy screen when a guard wraps it (route.element is the guard), and
 * the screen's own data calls when they are worth starting before the screen's code is even here.
 */
export type ScreenHandle = { screen?: ReactNode; prefetch?: (queryClient: QueryClient) => void };

/**
 * At start, the screens of the routes the address matches begin downloading at once, alongside the
 * entry's session calls: the first page's screen no longer waits for them to finish first. Given a
 * query client (the visitor has a session), their data calls start at once too. A call the guards
 * would not have let happen (another role's page, terms not yet accepted) is refused by the API
 * and cached as an error that the screen, if it ever shows, fetches again.
 */
export function preloadMatchedScreens(
  matches: ReadonlyArray<{ route: RouteObject }>,
  queryClient?: QueryClient,
): void {
  for (const { route } of matches) {
    const handle = route.handle as ScreenHandle | undefined;
    preloadScreen(route.element);
    preloadScreen(handle?.screen);
    if (queryClient) handle?.prefetch?.(queryClient);
  }
}
