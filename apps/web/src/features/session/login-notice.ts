/**
 * A message for the next /login screen, e.g. after "Se déconnecter partout": the screen that ends
 * the session leaves it here, the login screen shows it once. Kept in memory, not in the address
 * or the router state: the route guard, not the screen, sends the visitor to /login.
 */
let pendingNotice: string | null = null;

export function showOnNextLogin(message: string): void {
  pendingNotice = message;
}

/** The message left for the login screen, if any (still there until `clearLoginNotice`). */
export function peekLoginNotice(): string | null {
  return pendingNotice;
}

export function clearLoginNotice(): void {
  pendingNotice = null;
}
