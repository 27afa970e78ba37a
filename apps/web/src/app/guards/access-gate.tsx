import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLogoutMutation } from '../../features/session/api/logout.ts';
import { ReadySessionProvider } from '../../features/session/ready-session.tsx';
import { useSession } from '../../features/session/use-session.ts';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { decideAccess, type RouteRequirement } from './decide-access.ts';

/** Where an anonymous visitor was going, so the login can take them there. */
export type LoginRedirectState = { from?: { pathname: string; search?: string; hash?: string } };

function returnPath(state: unknown): string | null {
  const from = (state as LoginRedirectState | null)?.from;
  // Only paths of this app: "//host" would leave it.
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  ) {
    return null;
  }
  if (from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Renders its children when `decideAccess` allows, otherwise redirects. For a logged-in visitor it
 * first waits for the account and the settings, which every rule but "guest" needs.
 */
export function AccessGate({
  requirement,
  children,
}: {
  requirement: RouteRequirement;
  children: ReactNode;
}) {
  const state = useSession();
  const location = useLocation();

  const needsAccount = requirement.area === 'employee' || requirement.area === 'hr';
  if (needsAccount && state.status === 'loading') {
    return <Spinner isBlock className="min-h-dvh" label="Chargement de votre espace…" />;
  }
  if (needsAccount && state.status === 'error') {
    return <SessionError error={state.error} retry={state.retry} />;
  }

  const decision = decideAccess(requirement, state.session);
  if (decision === 'allow') {
    return state.status === 'ready' && needsAccount ? (
      <ReadySessionProvider session={state.session}>{children}</ReadySessionProvider>
    ) : (
      children
    );
  }
  if (decision === '/login') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  if (decision === '/' && requirement.area === 'guest') {
    return <Navigate to={returnPath(location.state) ?? '/'} replace />;
  }
  return <Navigate to={decision} replace />;
}

function SessionError({ error, retry }: { error: unknown; retry: () => void }) {
  const logout = useLogoutMutation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-4">
      <MessageBox severity="danger" title="Impossible de charger votre espace">
        {errorMessage(error)}
      </MessageBox>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button label="Réessayer" onClick={retry} />
        <Button variant="tertiary" label="Se déconnecter" onClick={() => logout.mutate()} />
      </div>
    </main>
  );
}
