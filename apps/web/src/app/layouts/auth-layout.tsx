import { Outlet } from 'react-router';

/** Pages for visitors who are not logged in: one centred card, full width on phones. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="px-4 pt-6 pb-2 text-center sm:pt-12">
        <p className="text-3xl font-bold tracking-tight text-brand-700">Tasbiq</p>
        <p className="mt-1 text-sm text-gray-600">Votre salaire, quand vous en avez besoin</p>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6">
        <div className="w-full max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
