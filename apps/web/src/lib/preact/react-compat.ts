/**
 * What the built app gets for `import … from 'react'` (vite.config.ts aliases it here): Preact's
 * React layer, about 10 KiB of gzip instead of React DOM's 62 (decision 049). preact/compat 11
 * has every hook our code and our libraries call except `useOptimistic`, which react-router's
 * RouterProvider calls on every render.
 */
import compat from 'preact/compat';

// preact/compat's types are one `export =` namespace, which TypeScript will not re-export with
// `export *`; the bundler re-exports the ES module's names as they are.
// @ts-expect-error TS2498
export * from 'preact/compat';

/**
 * React shows an optimistic value only while a transition is pending. Preact has no pending
 * transitions (`startTransition` runs its callback at once), so the optimistic value is always
 * the passed-through state and setting one has nothing to show: exactly React's behaviour once
 * every transition has finished.
 */
export function useOptimistic<State>(passthrough: State): [State, (action: unknown) => void] {
  return [passthrough, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate(): void {}

export default { ...compat, useOptimistic };
