import type { TTokenPair } from '@tasbiq/contracts/auth';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { setTokens } from '../../lib/http/token-store.ts';
import { clearLoginNotice, peekLoginNotice } from '../session/login-notice.ts';
import { LoginForm } from './components/login-form.tsx';

/**
 * The SMS-code step (and its zod schema) downloads when a login asks for it, not with /login:
 * most logins never see it (issue 9 §4).
 */
const LoginOtpStep = lazy(() =>
  import('./components/login-otp-step.tsx').then((module) => ({ default: module.LoginOtpStep })),
);

/**
 * /login. Full tokens go to the token store, which makes the visitor "logged in" and lets the guard
 * take them on (to the page they came from, or home). A phone-limited pair stays in this screen's
 * state: stored, it would count as a session that every other call refuses. A message left by the
 * screen that ended the session ("Se déconnecter partout") is shown once.
 */
export function LoginScreen() {
  const [pending, setPending] = useState<TTokenPair | null>(null);
  const [notice] = useState(peekLoginNotice);
  // Cleared as soon as it is on screen (a layout effect: Preact runs plain effects a frame later,
  // and a visitor who leaves at once would otherwise see it again).
  useLayoutEffect(() => clearLoginNotice(), []);

  useEffect(() => {
    document.title = pending ? 'Vérification · Tasbiq' : 'Connexion · Tasbiq';
  }, [pending]);

  const finish = (pair: TTokenPair) => {
    if (pair.otp_required) {
      setPending(pair);
      return;
    }
    setTokens({ access: pair.access, refresh: pair.refresh });
  };

  if (pending) {
    return (
      <Suspense fallback={<Spinner isBlock label="Chargement…" />}>
        <LoginOtpStep pending={pending} onVerified={finish} onCancel={() => setPending(null)} />
      </Suspense>
    );
  }
  return <LoginForm onAuthenticated={finish} notice={notice} />;
}
