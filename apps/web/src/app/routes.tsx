import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AdvanceScreen } from '../features/advances/advance-screen.tsx';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { ResetScreen } from '../features/auth/reset-screen.tsx';
import { ChangeRequestScreen } from '../features/change-requests/change-request-screen.tsx';
import { ChangeRequestsScreen } from '../features/change-requests/change-requests-screen.tsx';
import { WalletScreen } from '../features/company-wallet/wallet-screen.tsx';
import { EmployeeImportScreen } from '../features/employee-imports/employee-import-screen.tsx';
import { WorkedDaysScreen } from '../features/employee-imports/worked-days-screen.tsx';
import { ActivateScreen } from '../features/employees/activate-screen.tsx';
import { AddEmployeeScreen } from '../features/employees/add-employee-screen.tsx';
import { EmployeeDetailsScreen } from '../features/employees/employee-details-screen.tsx';
import { EmployeesScreen } from '../features/employees/employees-screen.tsx';
import { GroupsScreen } from '../features/groups/groups-screen.tsx';
import { HistoryScreen } from '../features/history/history-screen.tsx';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { HrDashboardScreen } from '../features/hr-dashboard/hr-dashboard-screen.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { NotificationsScreen } from '../features/notifications/notifications-screen.tsx';
import { OnboardingScreen } from '../features/onboarding/onboarding-screen.tsx';
import { PayrollDeductionsScreen } from '../features/payroll-deductions/payroll-deductions-screen.tsx';
import { ProfileScreen } from '../features/profile/profile-screen.tsx';
import { RechargeScreen } from '../features/recharges/recharge-screen.tsx';
import { IdentitiesScreen } from '../features/signup/identities-screen.tsx';
import { InvitationsScreen } from '../features/signup/invitations-screen.tsx';
import { SignupScreen } from '../features/signup/signup-screen.tsx';
import { TransactionsScreen } from '../features/transactions/transactions-screen.tsx';
import { AccessGate } from './guards/access-gate.tsx';
import type { RouteRequirement } from './guards/decide-access.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { EmployeeLayout } from './layouts/employee-layout.tsx';
import { HrLayout } from './layouts/hr-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { ComingSoonScreen } from './screens/coming-soon-screen.tsx';
import { RouteErrorScreen } from './screens/route-error-screen.tsx';

type Feature = NonNullable<Extract<RouteRequirement, { area: 'employee' }>['anyFeature']>[number];

/** One page of an area: its path (relative to the area), title, conditions and screen. */
type PageRoute = {
  path: string;
  title: string;
  anyFeature?: readonly Feature[];
  drhOnly?: boolean;
  /** Omitted: the page belongs to a later issue and shows "Bientôt disponible". */
  screen?: ReactNode;
};

/** Spec §2 "Employee area / (employees only)". */
export const EMPLOYEE_PAGES: readonly PageRoute[] = [
  { path: '', title: 'Accueil', screen: <HomeScreen /> },
  { path: 'advance', title: 'Avance sur salaire', anyFeature: ['advances'], screen: <AdvanceScreen /> },
  { path: 'recharge', title: 'Recharge téléphonique', anyFeature: ['recharges'], screen: <RechargeScreen /> },
  {
    path: 'historique',
    title: 'Historique',
    anyFeature: ['recharges', 'advances'],
    screen: <HistoryScreen />,
  },
  { path: 'fiches', title: 'Fiches de paie', anyFeature: ['fiches'] },
  { path: 'profile', title: 'Mon profil', screen: <ProfileScreen /> },
  { path: 'card', title: 'Ma carte' },
  { path: 'bonuses', title: 'Primes et paniers', anyFeature: ['bonuses'] },
  { path: 'notifications', title: 'Notifications', screen: <NotificationsScreen /> },
  { path: 'missionorders', title: 'Ordres de mission', anyFeature: ['expenses'] },
  { path: 'missionorders/add', title: 'Nouvel ordre de mission', anyFeature: ['expenses'] },
  { path: 'missionorders/:id', title: 'Ordre de mission', anyFeature: ['expenses'] },
  { path: 'missionorders/:id/edit', title: "Modifier l'ordre de mission", anyFeature: ['expenses'] },
  { path: 'expenses', title: 'Notes de frais', anyFeature: ['expenses'] },
];

/** Spec §2 "HR area /rh (RH or DRH only)". */
export const HR_PAGES: readonly PageRoute[] = [
  { path: '', title: 'Tableau de bord', screen: <HrDashboardScreen /> },
  { path: 'wallet', title: 'Portefeuille', screen: <WalletScreen /> },
  { path: 'notifications', title: 'Notifications', screen: <NotificationsScreen /> },
  { path: 'transactions', title: 'Transactions', screen: <TransactionsScreen /> },
  // The statement counts executed advances (and top-ups); the API serves it with the advances feature.
  {
    path: 'deductions',
    title: 'Retenues sur salaire',
    anyFeature: ['advances'],
    screen: <PayrollDeductionsScreen />,
  },
  { path: 'employees/add', title: 'Ajouter un salarié', screen: <AddEmployeeScreen /> },
  { path: 'employees/import', title: 'Importer des salariés', screen: <EmployeeImportScreen /> },
  { path: 'employees/worked-days', title: 'Jours travaillés', screen: <WorkedDaysScreen /> },
  { path: 'employees', title: 'Salariés', screen: <EmployeesScreen /> },
  { path: 'employees/:id', title: 'Détails du salarié', screen: <EmployeeDetailsScreen /> },
  { path: 'employees/:id/update', title: 'Demande de modification', screen: <ChangeRequestScreen /> },
  { path: 'groups', title: 'Groupes', screen: <GroupsScreen /> },
  { path: 'change-requests', title: 'Demandes de modification', screen: <ChangeRequestsScreen /> },
  { path: 'fiches', title: 'Fiches de paie' },
  { path: 'fiches/jobs', title: 'Extractions de fiches de paie', anyFeature: ['fiches'] },
  { path: 'fiches/jobs/:id', title: 'Extraction de fiches de paie', anyFeature: ['fiches'] },
  { path: 'bonuses', title: 'Primes', anyFeature: ['bonuses'] },
  { path: 'bonuses/add', title: 'Nouvelle prime', anyFeature: ['bonuses'] },
  { path: 'bonuses/:id', title: 'Détails de la prime', anyFeature: ['bonuses'] },
  { path: 'missionorders', title: 'Ordres de mission', anyFeature: ['expenses'] },
  { path: 'missionorders/:id', title: 'Ordre de mission', anyFeature: ['expenses'] },
  { path: 'policy', title: 'Politique budgétaire', anyFeature: ['expenses'], drhOnly: true },
  { path: 'policy/add', title: 'Nouvelle politique budgétaire', anyFeature: ['expenses'], drhOnly: true },
  {
    path: 'policy/:id/edit',
    title: 'Modifier la politique budgétaire',
    anyFeature: ['expenses'],
    drhOnly: true,
  },
  { path: 'validators', title: 'Valideurs', anyFeature: ['expenses'] },
  { path: 'identities', title: 'Identités', screen: <IdentitiesScreen /> },
  { path: 'invitations', title: 'Invitations', screen: <InvitationsScreen /> },
];

function pageRoutes(area: 'employee' | 'hr', pages: readonly PageRoute[], home: string): RouteObject[] {
  return pages.map(({ path, title, anyFeature, drhOnly, screen }) => {
    const requirement: RouteRequirement =
      area === 'hr' ? { area, anyFeature, drhOnly } : { area, anyFeature };
    const element = (
      <AccessGate key={`${area}:${path}`} requirement={requirement}>
        {screen ?? <ComingSoonScreen title={title} backTo={path === '' ? undefined : home} />}
      </AccessGate>
    );
    return path === '' ? { index: true, element } : { path, element };
  });
}

/** The whole route tree; the guards decide with `decideAccess` (see guards/decide-access.ts). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: (
          <AccessGate requirement={{ area: 'guest' }}>
            <AuthLayout />
          </AccessGate>
        ),
        children: [
          { path: 'login', element: <LoginScreen /> },
          { path: 'reset', element: <ResetScreen /> },
          { path: 'activate', element: <ActivateScreen /> },
          { path: 'onboarding', element: <OnboardingScreen /> },
          { path: 'signup/:token', element: <SignupScreen /> },
        ],
      },
      {
        path: 'rh',
        element: (
          <AccessGate requirement={{ area: 'hr' }}>
            <HrLayout />
          </AccessGate>
        ),
        children: pageRoutes('hr', HR_PAGES, '/rh'),
      },
      {
        path: '/',
        element: (
          <AccessGate requirement={{ area: 'employee' }}>
            <EmployeeLayout />
          </AccessGate>
        ),
        children: pageRoutes('employee', EMPLOYEE_PAGES, '/'),
      },
      { path: '404', element: <NotFoundScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
