import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

export default defineConfig({
  plugins: [react()],
  // The components are tested on what ships: Preact's React layer (decision 049). The libraries
  // that import React go through Vite too (inline), so they get the same aliases as our code.
  resolve: { alias: preactAliases, mainFields: ['module', 'main'] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    server: {
      deps: {
        inline: [
          /@testing-library/,
          /react-router/,
          /@radix-ui/,
          /@tanstack\/react-query/,
          /react-hook-form/,
          /@hookform/,
          /react-i18next/,
          /@tabler\/icons-react/,
        ],
      },
    },
    // Room for the 5 s Testing Library waits of src/test/setup.ts.
    testTimeout: 15_000,
  },
});
