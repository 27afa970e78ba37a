import {
  IconArrowsExchange,
  IconBell,
  IconFileText,
  IconGift,
  IconId,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconPlane,
  IconReceipt2,
  IconScale,
  IconSend,
  IconSwitchHorizontal,
  IconUserCheck,
  IconUserEdit,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useLogoutMutation } from '../../features/session/api/logout.ts';
import { useReadySession } from '../../features/session/ready-session.tsx';
import { cx } from '../../lib/cx.ts';
import { type NavItem, visibleNavItems } from './nav-items.ts';
import { NavIcon, NewNotificationsStatus } from './notifications-nav-badge.tsx';
import { SkipLink } from './skip-link.tsx';

export const HR_NAV: readonly NavItem[] = [
  { to: '/rh', label: 'Tableau de bord', icon: IconLayoutDashboard, requirement: { area: 'hr' }, end: true },
  { to: '/rh/wallet', label: 'Portefeuille', icon: IconWallet, requirement: { area: 'hr' } },
  { to: '/rh/transactions', label: 'Transactions', icon: IconArrowsExchange, requirement: { area: 'hr' } },
  {
    to: '/rh/deductions',
    label: 'Retenues sur salaire',
    icon: IconReceipt2,
    requirement: { area: 'hr', anyFeature: ['advances'] },
  },
  { to: '/rh/employees', label: 'Salariés', icon: IconUsers, requirement: { area: 'hr' } },
  { to: '/rh/groups', label: 'Groupes', icon: IconUsersGroup, requirement: { area: 'hr' } },
  {
    to: '/rh/change-requests',
    label: 'Demandes de modification',
    icon: IconUserEdit,
    requirement: { area: 'hr' },
  },
  { to: '/rh/fiches', label: 'Fiches de paie', icon: IconFileText, requirement: { area: 'hr' } },
  {
    to: '/rh/bonuses',
    label: 'Primes',
    icon: IconGift,
    requirement: { area: 'hr', anyFeature: ['bonuses'] },
  },
  {
    to: '/rh/missionorders',
    label: 'Ordres de mission',
    icon: IconPlane,
    requirement: { area: 'hr', anyFeature: ['expenses'] },
  },
  {
    to: '/rh/policy',
    label: 'Politique budgétaire',
    icon: IconScale,
    requirement: { area: 'hr', anyFeature: ['expenses'], drhOnly: true },
  },
  {
    to: '/rh/validators',
    label: 'Valideurs',
    icon: IconUserCheck,
    requirement: { area: 'hr', anyFeature: ['expenses'] },
  },
  { to: '/rh/identities', label: 'Identités', icon: IconId, requirement: { area: 'hr' } },
  { to: '/rh/invitations', label: 'Invitations', icon: IconSend, requirement: { area: 'hr' } },
  { to: '/rh/notifications', label: 'Notifications', icon: IconBell, requirement: { area: 'hr' } },
];

function HrMenu() {
  const session = useReadySession();
  const logout = useLogoutMutation();
  const items = visibleNavItems(HR_NAV, session);
  const { account } = session;

  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Navigation gestion" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {items.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cx(
                    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100',
                  )
                }
              >
                <NavIcon icon={Icon} className="size-5 shrink-0" withBadge={to === '/rh/notifications'} />
                {label}
                {to === '/rh/notifications' ? <NewNotificationsStatus /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-1 border-t border-gray-200 px-3 py-4">
        <p className="truncate px-3 pb-2 text-sm text-gray-600">
          {account.first_name} {account.last_name}
          {account.company ? (
            <span className="block truncate text-xs text-gray-500">{account.company.name}</span>
          ) : null}
        </p>
        <Link
          to="/"
          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <IconSwitchHorizontal aria-hidden="true" className="size-5" />
          Passer au mode Employé
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          <IconLogout aria-hidden="true" className="size-5" />
          Se déconnecter
        </button>
      </div>
    </div>
  );
}

const loadDrawer = () => import('./hr-menu-drawer.tsx');
const HrMenuDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.HrMenuDrawer })));

/**
 * The HR area: a sidebar from `lg` up; on phones and tablets a header with a menu button that
 * opens the same menu as a drawer (focus trapped, Escape closes it, closed after navigating).
 */
export function HrLayout() {
  // The drawer is open on the page it was opened on: following a link closes it by itself. (An
  // effect closing it on every path change also ran on the first render, and closed a drawer
  // tapped open before that effect's turn came.)
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isDrawerOpen = openOn === pathname;
  const setIsDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  // The drawer's code is fetched when the menu is first wanted (pointer over, focus, or a tap).
  const [isDrawerWanted, setIsDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const preloadDrawer = () => {
    void loadDrawer().catch(() => {}); // the click's render tries again and shows nothing on failure
  };

  return (
    <div className="min-h-dvh bg-gray-50 lg:flex">
      <SkipLink />
      <aside className="hidden border-r border-gray-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col">
        <div className="flex h-16 items-center px-6">
          <Link to="/rh" className="text-xl font-bold tracking-tight text-brand-700">
            Tasbiq <span className="text-sm font-medium text-gray-500">Gestion</span>
          </Link>
        </div>
        <HrMenu />
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4 lg:hidden">
          <Link to="/rh" className="text-xl font-bold tracking-tight text-brand-700">
            Tasbiq <span className="text-sm font-medium text-gray-500">Gestion</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            aria-label="Ouvrir le menu"
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            onClick={() => {
              setIsDrawerWanted(true);
              setIsDrawerOpen(true);
            }}
            className="inline-flex size-11 items-center justify-center rounded-xl text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <IconMenu2 aria-hidden="true" className="size-6" />
          </button>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none lg:px-8">
          <Outlet />
        </main>
      </div>
      {isDrawerWanted ? (
        <Suspense fallback={null}>
          <HrMenuDrawer open={isDrawerOpen} onOpenChange={setIsDrawerOpen} returnFocusTo={menuButton}>
            <HrMenu />
          </HrMenuDrawer>
        </Suspense>
      ) : null}
    </div>
  );
}
