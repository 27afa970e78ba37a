import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { prefetchHomeData } from '../features/home/prefetch-home-data.ts';
import { prefetchHrDashboardData } from '../features/hr-dashboard/prefetch-hr-dashboard-data.ts';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { AccessGate } from './guards/access-gate.tsx';
import type { RouteRequirement } from './guards/decide-access.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyScreen, type ScreenHandle } from './lazy-screen.tsx';
import { ComingSoonScreen } from './screens/coming-soon-screen.tsx';
import { RouteErrorScreen } from './screens/route-error-screen.tsx';

/*
 * The two logged-in frames (menus, their icons, the HR drawer) are chunks of their own too: /login
 * does not download them, and a logged-in first page fetches its frame alongside the session
 * calls (preloadMatchedScreens, from each area's route handle).
 */
const employeeLayout = lazyScreen(() => import('./layouts/employee-layout.tsx'), 'EmployeeLayout');
const hrLayout = lazyScreen(() => import('./layouts/hr-layout.tsx'), 'HrLayout');

/* Each screen is its own chunk, fetched on the first visit of its route (see lazy-screen.tsx). */
const advanceScreen = lazyScreen(() => import('../features/advances/advance-screen.tsx'), 'AdvanceScreen');
const loginScreen = lazyScreen(() => import('../features/auth/login-screen.tsx'), 'LoginScreen');
const resetScreen = lazyScreen(() => import('../features/auth/reset-screen.tsx'), 'ResetScreen');
const bonusesScreen = lazyScreen(() => import('../features/bonuses/bonuses-screen.tsx'), 'BonusesScreen');
const bonusAddScreen = lazyScreen(() => import('../features/bonuses/bonus-add-screen.tsx'), 'BonusAddScreen');
const bonusDetailsScreen = lazyScreen(
  () => import('../features/bonuses/bonus-details-screen.tsx'),
  'BonusDetailsScreen',
);
const employeeBonusesScreen = lazyScreen(
  () => import('../features/bonuses/employee-bonuses-screen.tsx'),
  'EmployeeBonusesScreen',
);
const cardScreen = lazyScreen(() => import('../features/cards/card-screen.tsx'), 'CardScreen');
const changeRequestScreen = lazyScreen(
  () => import('../features/change-requests/change-request-screen.tsx'),
  'ChangeRequestScreen',
);
const changeRequestsScreen = lazyScreen(
  () => import('../features/change-requests/change-requests-screen.tsx'),
  'ChangeRequestsScreen',
);
const policyScreen = lazyScreen(() => import('../features/expense-policy/policy-screen.tsx'), 'PolicyScreen');
const policyAddScreen = lazyScreen(
  () => import('../features/expense-policy/policy-form-screen.tsx'),
  'PolicyAddScreen',
);
const policyEditScreen = lazyScreen(
  () => import('../features/expense-policy/policy-form-screen.tsx'),
  'PolicyEditScreen',
);
const validatorsScreen = lazyScreen(
  () => import('../features/expense-validators/validators-screen.tsx'),
  'ValidatorsScreen',
);
const walletScreen = lazyScreen(() => import('../features/company-wallet/wallet-screen.tsx'), 'WalletScreen');
const employeeImportScreen = lazyScreen(
  () => import('../features/employee-imports/employee-import-screen.tsx'),
  'EmployeeImportScreen',
);
const workedDaysScreen = lazyScreen(
  () => import('../features/employee-imports/worked-days-screen.tsx'),
  'WorkedDaysScreen',
);
const activateScreen = lazyScreen(
  () => import('../features/employees/activate-screen.tsx'),
  'ActivateScreen',
);
const addEmployeeScreen = lazyScreen(
  () => import('../features/employees/add-employee-screen.tsx'),
  'AddEmployeeScreen',
);
const employeeDetailsScreen = lazyScreen(
  () => import('../features/employees/employee-details-screen.tsx'),
  'EmployeeDetailsScreen',
);
const cardLinksScreen = lazyScreen(
  () => import('../features/employees/card-links-screen.tsx'),
  'CardLinksScreen',
);
const employeesScreen = lazyScreen(
  () => import('../features/employees/employees-screen.tsx'),
  'EmployeesScreen',
);
const hrPayslipsScreen = lazyScreen(
  () => import('../features/payslips/hr-payslips-screen.tsx'),
  'HrPayslipsScreen',
);
const payslipJobsScreen = lazyScreen(
  () => import('../features/payslips/payslip-jobs-screen.tsx'),
  'PayslipJobsScreen',
);
const payslipJobScreen = lazyScreen(
  () => import('../features/payslips/payslip-job-screen.tsx'),
  'PayslipJobScreen',
);
const missionOrdersScreen = lazyScreen(
  () => import('../features/mission-orders/mission-orders-screen.tsx'),
  'MissionOrdersScreen',
);
const missionOrderAddScreen = lazyScreen(
  () => import('../features/mission-orders/mission-order-form-screen.tsx'),
  'MissionOrderAddScreen',
);
const missionOrderEditScreen = lazyScreen(
  () => import('../features/mission-orders/mission-order-form-screen.tsx'),
  'MissionOrderEditScreen',
);
const missionOrderDetailsScreen = lazyScreen(
  () => import('../features/mission-orders/mission-order-details-screen.tsx'),
  'MissionOrderDetailsScreen',
);
const hrMissionOrdersScreen = lazyScreen(
  () => import('../features/mission-orders/hr-mission-orders-screen.tsx'),
  'HrMissionOrdersScreen',
);
const hrMissionOrderDetailsScreen = lazyScreen(
  () => import('../features/mission-orders/mission-order-details-screen.tsx'),
  'HrMissionOrderDetailsScreen',
);
const myPayslipsScreen = lazyScreen(
  () => import('../features/payslips/my-payslips-screen.tsx'),
  'MyPayslipsScreen',
);
const groupsScreen = lazyScreen(() => import('../features/groups/groups-screen.tsx'), 'GroupsScreen');
const historyScreen = lazyScreen(() => import('../features/history/history-screen.tsx'), 'HistoryScreen');
const homeScreen = lazyScreen(() => import('../features/home/home-screen.tsx'), 'HomeScreen');
const hrDashboardScreen = lazyScreen(
  () => import('../features/hr-dashboard/hr-dashboard-screen.tsx'),
  'HrDashboardScreen',
);
const notificationsScreen = lazyScreen(
  () => import('../features/notifications/notifications-screen.tsx'),
  'NotificationsScreen',
);
const onboardingScreen = lazyScreen(
  () => import('../features/cards/onboarding-screen.tsx'),
  'OnboardingScreen',
);
const payrollDeductionsScreen = lazyScreen(
  () => import('../features/payroll-deductions/payroll-deductions-screen.tsx'),
  'PayrollDeductionsScreen',
);
const profileScreen = lazyScreen(() => import('../features/profile/profile-screen.tsx'), 'ProfileScreen');
const transferScreen = lazyScreen(
  () => import('../features/transfers/transfer-screen.tsx'),
  'TransferScreen',
);
const billsScreen = lazyScreen(() => import('../features/bills/bills-screen.tsx'), 'BillsScreen');
const rechargeScreen = lazyScreen(
  () => import('../features/recharges/recharge-screen.tsx'),
  'RechargeScreen',
);
const expensesScreen = lazyScreen(() => import('../features/expenses/expenses-screen.tsx'), 'ExpensesScreen');
const identitiesScreen = lazyScreen(
  () => import('../features/signup/identities-screen.tsx'),
  'IdentitiesScreen',
);
const invitationsScreen = lazyScreen(
  () => import('../features/signup/invitations-screen.tsx'),
  'InvitationsScreen',
);
const signupScreen = lazyScreen(() => import('../features/signup/signup-screen.tsx'), 'SignupScreen');
const transactionsScreen = lazyScreen(
  () => import('../features/transactions/transactions-screen.tsx'),
  'TransactionsScreen',
);

type Feature = NonNullable<Extract<RouteRequirement, { area: 'employee' }>['anyFeature']>[number];

/** One page of an area: its path (relative to the area), title, conditions and screen. */
type PageRoute = {
  path: string;
  title: string;
  anyFeature?: readonly Feature[];
  drhOnly?: boolean;
  /** Omitted: the page belongs to a later issue and shows "Bientôt disponible". */
  screen?: ReactNode;
  /** The screen's own calls, started with the session calls when a visit begins on this page. */
  prefetch?: ScreenHandle['prefetch'];
};

/** Spec §2 "Employee area / (employees only)". */
export const EMPLOYEE_PAGES: readonly PageRoute[] = [
  // The two pages most visits start on fetch their data alongside the session calls (issue 9 §4).
  { path: '', title: 'Accueil', screen: homeScreen, prefetch: prefetchHomeData },
  { path: 'advance', title: 'Avance sur salaire', anyFeature: ['advances'], screen: advanceScreen },
  { path: 'recharge', title: 'Recharge téléphonique', anyFeature: ['recharges'], screen: rechargeScreen },
  { path: 'transfer', title: 'Transfert d’argent', anyFeature: ['transfers'], screen: transferScreen },
  { path: 'factures', title: 'Payer une facture', anyFeature: ['bills'], screen: billsScreen },
  {
    path: 'historique',
    title: 'Historique',
    anyFeature: ['recharges', 'advances', 'transfers', 'bills'],
    screen: historyScreen,
  },
  { path: 'fiches', title: 'Fiches de paie', anyFeature: ['fiches'], screen: myPayslipsScreen },
  { path: 'profile', title: 'Mon profil', screen: profileScreen },
  { path: 'card', title: 'Ma carte', anyFeature: ['cards'], screen: cardScreen },
  { path: 'bonuses', title: 'Primes et paniers', anyFeature: ['bonuses'], screen: employeeBonusesScreen },
  { path: 'notifications', title: 'Notifications', screen: notificationsScreen },
  {
    path: 'missionorders',
    title: 'Ordres de mission',
    anyFeature: ['expenses'],
    screen: missionOrdersScreen,
  },
  {
    path: 'missionorders/add',
    title: 'Nouvel ordre de mission',
    anyFeature: ['expenses'],
    screen: missionOrderAddScreen,
  },
  {
    path: 'missionorders/:id',
    title: 'Ordre de mission',
    anyFeature: ['expenses'],
    screen: missionOrderDetailsScreen,
  },
  {
    path: 'missionorders/:id/edit',
    title: "Modifier l'ordre de mission",
    anyFeature: ['expenses'],
    screen: missionOrderEditScreen,
  },
  { path: 'expenses', title: 'Notes de frais', anyFeature: ['expenses'], screen: expensesScreen },
];

/** Spec §2 "HR area /rh (RH or DRH only)". */
export const HR_PAGES: readonly PageRoute[] = [
  { path: '', title: 'Tableau de bord', screen: hrDashboardScreen, prefetch: prefetchHrDashboardData },
  { path: 'wallet', title: 'Portefeuille', screen: walletScreen },
  { path: 'notifications', title: 'Notifications', screen: notificationsScreen },
  { path: 'transactions', title: 'Transactions', screen: transactionsScreen },
  // The statement counts executed advances (and top-ups); the API serves it with the advances feature.
  {
    path: 'deductions',
    title: 'Retenues sur salaire',
    anyFeature: ['advances'],
    screen: payrollDeductionsScreen,
  },
  { path: 'employees/add', title: 'Ajouter un salarié', screen: addEmployeeScreen },
  { path: 'employees/import', title: 'Importer des salariés', screen: employeeImportScreen },
  { path: 'employees/worked-days', title: 'Jours travaillés', screen: workedDaysScreen },
  {
    path: 'employees/card-links',
    title: 'Liens de commande de carte',
    anyFeature: ['cards'],
    screen: cardLinksScreen,
  },
  { path: 'employees', title: 'Salariés', screen: employeesScreen },
  { path: 'employees/:id', title: 'Détails du salarié', screen: employeeDetailsScreen },
  { path: 'employees/:id/update', title: 'Demande de modification', screen: changeRequestScreen },
  { path: 'groups', title: 'Groupes', screen: groupsScreen },
  { path: 'change-requests', title: 'Demandes de modification', screen: changeRequestsScreen },
  { path: 'fiches', title: 'Fiches de paie', screen: hrPayslipsScreen },
  {
    path: 'fiches/jobs',
    title: 'Extractions de fiches de paie',
    anyFeature: ['fiches'],
    screen: payslipJobsScreen,
  },
  {
    path: 'fiches/jobs/:id',
    title: 'Extraction de fiches de paie',
    anyFeature: ['fiches'],
    screen: payslipJobScreen,
  },
  { path: 'bonuses', title: 'Primes', anyFeature: ['bonuses'], screen: bonusesScreen },
  { path: 'bonuses/add', title: 'Nouvelle prime', anyFeature: ['bonuses'], screen: bonusAddScreen },
  { path: 'bonuses/:id', title: 'Détails de la prime', anyFeature: ['bonuses'], screen: bonusDetailsScreen },
  {
    path: 'missionorders',
    title: 'Ordres de mission',
    anyFeature: ['expenses'],
    screen: hrMissionOrdersScreen,
  },
  {
    path: 'missionorders/:id',
    title: 'Ordre de mission',
    anyFeature: ['expenses'],
    screen: hrMissionOrderDetailsScreen,
  },
  {
    path: 'policy',
    title: 'Politique budgétaire',
    anyFeature: ['expenses'],
    drhOnly: true,
    screen: policyScreen,
  },
  {
    path: 'policy/add',
    title: 'Nouvelle politique budgétaire',
    anyFeature: ['expenses'],
    drhOnly: true,
    screen: policyAddScreen,
  },
  {
    path: 'policy/:id/edit',
    title: 'Modifier la politique budgétaire',
    anyFeature: ['expenses'],
    drhOnly: true,
    screen: policyEditScreen,
  },
  { path: 'validators', title: 'Valideurs', anyFeature: ['expenses'], screen: validatorsScreen },
  { path: 'identities', title: 'Identités', screen: identitiesScreen },
  { path: 'invitations', title: 'Invitations', screen: invitationsScreen },
];

function pageRoutes(area: 'employee' | 'hr', pages: readonly PageRoute[], home: string): RouteObject[] {
  return pages.map(({ path, title, anyFeature, drhOnly, screen, prefetch }) => {
    const requirement: RouteRequirement =
      area === 'hr' ? { area, anyFeature, drhOnly } : { area, anyFeature };
    const element = (
      <AccessGate key={`${area}:${path}`} requirement={requirement}>
        {screen ?? <ComingSoonScreen title={title} backTo={path === '' ? undefined : home} />}
      </AccessGate>
    );
    const handle: ScreenHandle = { screen, prefetch };
    return path === '' ? { index: true, element, handle } : { path, element, handle };
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
          { path: 'login', element: loginScreen },
          { path: 'reset', element: resetScreen },
          { path: 'activate', element: activateScreen },
          { path: 'onboarding', element: onboardingScreen },
          { path: 'signup/:token', element: signupScreen },
        ],
      },
      {
        path: 'rh',
        element: <AccessGate requirement={{ area: 'hr' }}>{hrLayout}</AccessGate>,
        handle: { screen: hrLayout } satisfies ScreenHandle,
        children: pageRoutes('hr', HR_PAGES, '/rh'),
      },
      {
        path: '/',
        element: <AccessGate requirement={{ area: 'employee' }}>{employeeLayout}</AccessGate>,
        handle: { screen: employeeLayout } satisfies ScreenHandle,
        children: pageRoutes('employee', EMPLOYEE_PAGES, '/'),
      },
      { path: '404', element: <NotFoundScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
