import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/**
 * In development the SPA calls `/api/...` on its own origin, as in production (one origin, the API
 * serves the built files); the dev server forwards those calls to the API. API_URL (environment or
 * .env) points elsewhere when the API runs on another port or machine.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, '');
  const apiUrl = process.env.API_URL ?? env.API_URL ?? 'http://localhost:3000';
  const proxy = { '/api': { target: apiUrl, changeOrigin: true } };

  return {
    plugins: [react(), tailwindcss()],
    server: { proxy },
    preview: { proxy },
    build: { outDir: 'dist', sourcemap: true },
  };
});
