import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LazyModal } from '../../components/ui/lazy-modal.tsx';
import { LazyRichContent } from '../../components/ui/lazy-rich-content.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { setTermsHandler } from '../../lib/http/client.ts';
import { useLogoutMutation } from '../session/api/logout.ts';
import { useIsAuthenticated } from '../session/use-is-authenticated.ts';
import { useAcceptTermsMutation } from './api/accept-terms.ts';
import { useLatestTermsQuery } from './api/get-latest-terms.ts';

export const TERMS_TITLE = "Conditions générales d'utilisation";
export const TERMS_TEXT_LABEL = 'Texte des conditions';

type Waiter = { resolve: () => void; reject: (reason: unknown) => void };

/**
 * The terms-of-use modal (spec §2, §4). It opens when the latest terms are pending after login, and
 * whenever a call is refused with `terms_not_accepted`: the HTTP client then waits on the promise
 * given here and replays the call once the user has accepted. It cannot be dismissed; logging out
 * is the only other way out.
 */
export function TermsGate() {
  const isAuthenticated = useIsAuthenticated();
  const terms = useLatestTermsQuery({ enabled: isAuthenticated });
  const acceptTerms = useAcceptTermsMutation();
  const logout = useLogoutMutation();
  const waiters = useRef<Waiter[]>([]);
  const [isRequested, setIsRequested] = useState(false);
  const { refetch } = terms;

  useEffect(
    () =>
      setTermsHandler(
        () =>
          new Promise<void>((resolve, reject) => {
            waiters.current.push({ resolve, reject });
            setIsRequested(true);
            // The API refused a call for terms the cache may think accepted: ask again.
            void refetch();
          }),
      ),
    [refetch],
  );

  const settle = useCallback((outcome: 'accepted' | 'refused') => {
    const pending = waiters.current;
    waiters.current = [];
    for (const waiter of pending) {
      if (outcome === 'accepted') waiter.resolve();
      else waiter.reject(new Error('Terms of use not accepted'));
    }
    setIsRequested(false);
  }, []);

  // Logged out (here, in another tab, or expired) while calls were waiting: they fail.
  useEffect(() => {
    if (!isAuthenticated && waiters.current.length > 0) settle('refused');
  }, [isAuthenticated, settle]);

  const isPending = terms.data?.accepted === false;
  const isOpen = isAuthenticated && (isPending || isRequested);
  // The modal's code downloads when the terms first need accepting (most visits: never), and the
  // modal then stays mounted so that it can close.
  const [wasOpened, setWasOpened] = useState(false);
  if (isOpen && !wasOpened) setWasOpened(true);

  const accept = () => {
    if (!terms.data) return;
    acceptTerms.mutate(terms.data.id, { onSuccess: () => settle('accepted') });
  };

  if (!wasOpened) return null;
  return (
    <LazyModal open={isOpen} dismissible={false} title={TERMS_TITLE} className="sm:max-w-2xl">
      <div className="flex min-h-0 flex-col gap-4">
        {!terms.data && !terms.isError ? (
          <Spinner isBlock label="Chargement des conditions…" />
        ) : !terms.data ? (
          <div className="flex flex-col gap-3">
            <MessageBox severity="danger">{errorMessage(terms.error)}</MessageBox>
            <Button variant="secondary" label="Réessayer" onClick={() => void terms.refetch()} />
          </div>
        ) : (
          <>
            <p className="text-sm text-gray-600">
              Pour continuer à utiliser Tasbiq, veuillez lire et accepter nos conditions générales
              d'utilisation (version {terms.data.version}).
            </p>
            {/* Focusable and named: keyboard users scroll the text with the arrow keys (WCAG 2.1.1). */}
            <section
              aria-label={TERMS_TEXT_LABEL}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard.
              tabIndex={0}
              className="max-h-[50dvh] overflow-y-auto rounded-xl border border-gray-200 p-3 text-sm text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Suspense fallback={<Spinner isBlock label="Chargement des conditions…" />}>
                <LazyRichContent html={terms.data.content} />
              </Suspense>
            </section>
          </>
        )}
        {acceptTerms.isError ? (
          <MessageBox severity="danger">{errorMessage(acceptTerms.error)}</MessageBox>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="tertiary"
            label="Se déconnecter"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          />
          <Button label="J'accepte" disabled={!terms.data} loading={acceptTerms.isPending} onClick={accept} />
        </div>
      </div>
    </LazyModal>
  );
}
