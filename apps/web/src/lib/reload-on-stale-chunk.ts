const LAST_RELOAD_KEY = 'tasbiq:stale-chunk-reload';
const MIN_INTERVAL_MS = 10_000;

/**
 * Screens load on demand. A tab opened before a deployment asks for chunks the new build no
 * longer has: Vite then fires `vite:preloadError`, and reloading fetches the new version. At most
 * once per 10 s, so a chunk that is really missing shows the route's error screen instead of
 * reloading for ever.
 */
export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
