import {
  IconBell,
  IconCreditCard,
  IconHistory,
  IconHome,
  IconSwitchHorizontal,
  IconUser,
} from '@tabler/icons-react';
import { isHr } from '@tasbiq/contracts/roles';
import { Link, NavLink, Outlet } from 'react-router';
import { useReadySession } from '../../features/session/ready-session.tsx';
import { cx } from '../../lib/cx.ts';
import { type NavItem, visibleNavItems } from './nav-items.ts';
import { NavIcon, NewNotificationsStatus } from './notifications-nav-badge.tsx';
import { SkipLink } from './skip-link.tsx';

export const EMPLOYEE_NAV: readonly NavItem[] = [
  { to: '/', label: 'Accueil', icon: IconHome, requirement: { area: 'employee' }, end: true },
  {
    to: '/historique',
    label: 'Historique',
    icon: IconHistory,
    requirement: { area: 'employee', anyFeature: ['recharges', 'advances'] },
  },
  {
    to: '/card',
    label: 'Ma carte',
    icon: IconCreditCard,
    requirement: { area: 'employee', anyFeature: ['cards'] },
  },
  { to: '/notifications', label: 'Notifications', icon: IconBell, requirement: { area: 'employee' } },
  { to: '/profile', label: 'Profil', icon: IconUser, requirement: { area: 'employee' } },
];

/**
 * The employee area. On phones the navigation is a bar at the bottom, within thumb reach; from
 * `sm` up it sits in the header. One <nav> element either way, so screen readers meet it once.
 */
export function EmployeeLayout() {
  const session = useReadySession();
  const items = visibleNavItems(EMPLOYEE_NAV, session);

  return (
    <div className="min-h-dvh bg-gray-50 pb-20 sm:pb-0">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4">
          <Link
            to="/"
            className="shrink-0 rounded-lg text-xl font-bold tracking-tight text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Tasbiq
          </Link>
          <nav
            aria-label="Navigation principale"
            // Fixed at the bottom on phones: the page's scroll-padding keeps focused items above it.
            data-bottom-nav
            className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] sm:static sm:flex-1 sm:border-0 sm:pb-0"
          >
            <ul className="mx-auto grid max-w-md auto-cols-fr grid-flow-col sm:mx-0 sm:flex sm:max-w-none sm:gap-1">
              {items.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cx(
                        'flex flex-col items-center gap-0.5 px-2 py-2 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:flex-row sm:gap-2 sm:rounded-lg sm:px-3 sm:text-sm',
                        isActive ? 'text-brand-700 sm:bg-brand-50' : 'text-gray-600 hover:text-gray-900',
                      )
                    }
                  >
                    <NavIcon icon={Icon} className="size-6 sm:size-5" withBadge={to === '/notifications'} />
                    <span>{label}</span>
                    {to === '/notifications' ? <NewNotificationsStatus /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {isHr(session.account.roles) ? (
            <Link
              to="/rh"
              className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-1.5 text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm"
            >
              <IconSwitchHorizontal aria-hidden="true" className="size-4" />
              Passer au mode Gestion
            </Link>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
