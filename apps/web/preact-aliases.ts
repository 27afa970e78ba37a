import path from 'node:path';

/**
 * `react` and `react-dom` resolve to Preact's React layer, for our code and for every library
 * (react-router, Radix, TanStack Query, react-hook-form…): the app ships Preact, about 10 KiB of
 * gzip instead of React DOM's 62 (decision 049). The component tests use the same aliases, so
 * they test what ships. The code is still written and typechecked against React's types.
 */
export const preactAliases = [
  // Testing Library's CommonJS build would `require` the real React past the aliases.
  {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'src/lib/preact/react-compat.ts') },
];
