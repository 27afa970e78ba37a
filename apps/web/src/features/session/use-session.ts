import type { TAccount } from '@tasbiq/contracts/auth';
import type { TSettings } from '@tasbiq/contracts/settings';
import { useAccountQuery } from './api/get-account.ts';
import { useSettingsQuery } from './api/get-settings.ts';
import type { ReadySession } from './ready-session.tsx';
import { useIsAuthenticated } from './use-is-authenticated.ts';

export type Session = {
  isAuthenticated: boolean;
  account: TAccount | null;
  settings: TSettings | null;
};

export type SessionState =
  | { status: 'anonymous'; session: Session }
  | { status: 'loading'; session: Session }
  | { status: 'error'; session: Session; error: unknown; retry: () => void }
  | { status: 'ready'; session: ReadySession };

/**
 * Who is visiting: nobody, or an account with its company's settings.
 * Both are needed before any guard can decide, hence one combined status.
 */
export function useSession(): SessionState {
  const isAuthenticated = useIsAuthenticated();
  const account = useAccountQuery({ enabled: isAuthenticated });
  const settings = useSettingsQuery({ enabled: isAuthenticated });

  const session: Session = {
    isAuthenticated,
    account: isAuthenticated ? (account.data ?? null) : null,
    settings: isAuthenticated ? (settings.data ?? null) : null,
  };
  if (!isAuthenticated) return { status: 'anonymous', session };
  if (account.data && settings.data) {
    return {
      status: 'ready',
      session: { isAuthenticated: true, account: account.data, settings: settings.data },
    };
  }
  const failed = account.isError ? account : settings.isError ? settings : null;
  if (failed) {
    return {
      status: 'error',
      session,
      error: failed.error,
      retry: () => {
        if (account.isError) void account.refetch();
        if (settings.isError) void settings.refetch();
      },
    };
  }
  return { status: 'loading', session };
}
