import type { TAccount } from '@tasbiq/contracts/auth';
import type { TSettings } from '@tasbiq/contracts/settings';
import { createContext, type ReactNode, useContext } from 'react';

export type ReadySession = { isAuthenticated: true; account: TAccount; settings: TSettings };

const ReadySessionContext = createContext<ReadySession | null>(null);

/** Given by the route guard once it has let a logged-in visitor through. */
export function ReadySessionProvider({ session, children }: { session: ReadySession; children: ReactNode }) {
  return <ReadySessionContext.Provider value={session}>{children}</ReadySessionContext.Provider>;
}

/**
 * The account and settings of a screen rendered behind a guard, which waited for both.
 * Read from the guard rather than the cache: while a logout clears the cache, the screen still
 * renders with what the guard last saw until the guard itself redirects.
 */
export function useReadySession(): ReadySession {
  const session = useContext(ReadySessionContext);
  if (!session) throw new Error('useReadySession() used outside a guarded route');
  return session;
}
