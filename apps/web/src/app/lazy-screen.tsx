import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';

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
  const Screen = lazy(async () => {
    const screen: ComponentType = (await load())[name];
    return { default: screen };
  });
  return (
    <Suspense fallback={<Spinner isBlock size="lg" />}>
      <Screen />
    </Suspense>
  );
}
