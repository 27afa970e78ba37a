import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { preactAliases } from './preact-aliases.ts';

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
    plugins: [
      // No Fast Refresh: it drives React's renderer, and the app renders with Preact (decision
      // 049); an edit in development reloads the page instead.
      react({ refreshExclude: /./ }),
      tailwindcss(),
      // Brotli and gzip copies of the built files, made once at build time: the API serves them
      // as they are (@fastify/static `preCompressed`) to browsers that accept them (issue 9 §4).
      compression({
        include: /\.(js|css|html|svg|json|txt)$/,
        exclude: /\.map$/,
        threshold: 1024,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      }),
    ],
    resolve: { alias: preactAliases },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Preact (standing in for React, decision 049) and the router change far less often
              // than the app: their own chunk stays in the browser's cache across our deployments. Screens are split by route
              // (src/app/lazy-screen.tsx); lottie by its dynamic import.
              { name: 'framework', test: /node_modules[\\/](preact|react-router)[\\/]/ },
              // The icons the app uses, 5 KiB of gzip together: shared by the frames and screens,
              // each became a chunk of its own, and a first page waited on fifteen requests of
              // 1 KiB behind the browser's six connections (issue 9 §4).
              { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
              // The same for the formatting most screens show (amounts, counts, dates, months).
              { name: 'format', test: /src[\\/]lib[\\/]format[\\/][^\\/]+\.ts$/ },
            ],
          },
        },
      },
    },
  };
});
