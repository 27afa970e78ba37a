import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { commonFr } from '../../locales/fr/common.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (true on the server side of a render). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Above every page while the device is offline: nothing is queued to be sent later (see
 * app/query-client.ts), so the person knows an operation has to wait for them.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <IconWifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>{commonFr.offlineBanner}</span>
    </div>
  );
}
