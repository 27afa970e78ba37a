import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { NotFoundScreen } from '../../features/not-found/not-found-screen.tsx';

/** A screen crashed: say so in French and offer a way out, rather than a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    // Visible in the browser console and in e2e traces; the user gets the friendly text.
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-4 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600">
        <IconAlertTriangle aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-semibold text-gray-900">Une erreur est survenue</h1>
      <p className="text-gray-600">
        La page n'a pas pu s'afficher. Rechargez-la ; si le problème continue, contactez le support.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button label="Recharger la page" onClick={() => window.location.reload()} />
        <Button variant="secondary" label="Retour à l'accueil" onClick={() => window.location.assign('/')} />
      </div>
    </main>
  );
}
