import { IconMapOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export const NOT_FOUND_TITLE = 'Page non trouvée';

/** Any unknown path, and /404 where guards send closed features and non-employees. */
export function NotFoundScreen() {
  useEffect(() => {
    document.title = `${NOT_FOUND_TITLE} · Tasbiq`;
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="px-4 py-4 sm:px-6">
        <Link to="/" className="text-xl font-bold text-brand-700">
          Tasbiq
        </Link>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 p-4 text-center"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <IconMapOff aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-semibold text-gray-900">{NOT_FOUND_TITLE}</h1>
        <p className="text-gray-600">
          La page que vous cherchez n'existe pas ou n'est pas disponible pour votre compte.
        </p>
        <Button size="lg" to="/" label="Retour à l'accueil" />
      </main>
    </div>
  );
}
