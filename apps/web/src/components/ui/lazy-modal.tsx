import { type ComponentType, lazy, Suspense } from 'react';
import type { ModalProps } from './modal.tsx';

type ModalModule = typeof import('./modal.tsx');

let loaded: ModalModule | null = null;
let loading: Promise<ModalModule> | null = null;

/** Downloads the modal's code (once); `LazyModal` then shows without waiting. */
export function loadModal(): Promise<ModalModule> {
  loading ??= import('./modal.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next attempt
      throw error;
    },
  );
  return loading;
}

const LoadedModal = lazy(() => {
  // Already downloaded: a thenable that answers at once, so React renders it without suspending.
  if (loaded) {
    const ready = { default: loaded.Modal as ComponentType<ModalProps> };
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy reads it at once).
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as Promise<typeof ready>;
  }
  return loadModal().then((module) => ({ default: module.Modal }));
});

/**
 * `Modal` for hosts that sit on every page but rarely show one (the terms gate, the global modal
 * host): its code — Radix Dialog with its focus trap and scroll lock, about 10 KiB gzip — downloads
 * the first time one is mounted, not with /login (issue 9 §4). Mount it when it is to open; nothing
 * shows until the code has arrived.
 */
export function LazyModal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}
