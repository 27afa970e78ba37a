import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The headers of the API's own answers (decision 052), after OWASP's REST Security Cheat Sheet.
 * Nothing under /api is a page: the web app reads it with `fetch` and a bearer token, and files
 * arrive as downloads or blobs. So no document policy is needed, only: never sniff, never frame,
 * never load anything, HTTPS only, and not readable by another origin's `<img>` or `<script>`.
 * A download sets its own, stricter CSP (private-file.ts).
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

const API_PATH = /^\/api(?:[/?]|$)/;
const API_DOCS_PATH = /^\/api\/docs(?:[/?]|$)/;

/** Whether a request URL is under /api (the documentation included). */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

/** Whether a request URL is answered by the API: under /api, except the documentation's HTML pages. */
export function isApiAnswer(url: string): boolean {
  return API_PATH.test(url) && !API_DOCS_PATH.test(url);
}

/**
 * Security headers on every answer: the API's set on its answers; helmet's, with a CSP for the
 * single-page app, on the app's pages and files and on the API documentation. helmet's middleware
 * is built once: @fastify/helmet built it again on every request (issue 9 §2, decision 028).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = helmet({
    // The SPA loads only from our own origin; lottie renders SVG inline.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      reply.headers(API_SECURITY_HEADERS);
      done();
      return;
    }
    pageHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
