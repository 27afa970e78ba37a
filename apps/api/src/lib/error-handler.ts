import { ERROR_MESSAGES_FR, VALIDATION_DETAILS_FR } from '@tasbiq/contracts/error-codes';
import type { TErrorBody } from '@tasbiq/contracts/wire';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from './errors.ts';
import { RequestValidationError } from './validation.ts';

/** One wire error body (French detail from the catalogue unless given). */
export function errorBody(
  type: TErrorBody['type'],
  code: string,
  detail?: string,
  attr: string | null = null,
): TErrorBody {
  return { type, errors: [{ code, detail: detail ?? ERROR_MESSAGES_FR[code] ?? code, attr }] };
}

/** Fastify's own error codes that are the client's fault, mapped onto DRF's. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'parse_error' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'parse_error' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'parse_error' },
};

/**
 * PostgreSQL's SQLSTATEs for a value it cannot take: 22021 character_not_in_repertoire (a NUL in
 * text), 22P05 untranslatable_character, 22003 numeric_value_out_of_range (past `integer`),
 * 22P02 invalid_text_representation. The boundary (lib/validation.ts, lib/list-params.ts) refuses
 * such input first; this is the last safety net, so a check missing there answers 400, not 500.
 */
const DATABASE_INPUT_ERRORS = new Set(['22021', '22P05', '22003', '22P02']);

/** The database's error behind a failure (Drizzle wraps the driver's error as `cause`), if it is one of those. */
function databaseInputError(error: unknown): { code: string } | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && DATABASE_INPUT_ERRORS.has(code))
      return { code };
    current = cause;
  }
  return undefined;
}

/**
 * One place turns every failure into the wire format of ARCHITECTURE.md: our AppError, request
 * validation (field paths), Fastify's client errors, rate limiting, and anything else as a 500
 * without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const context = error.validationContext;
      // A bad query or path parameter names its parameter; body fields keep their path.
      const errors = error.issues.map((i) =>
        context === 'params' && i.attr === 'non_field_errors' ? { ...i, attr: null } : i,
      );
      return reply.status(400).send({ type: 'validation_error', errors } satisfies TErrorBody);
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.type, error.code, error.message, error.attr));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody('client_error', known.code));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('client_error', 'throttled'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('client_error', 'parse_error'));
    }
    const refused = databaseInputError(error);
    if (refused) {
      // Logged: it means a boundary check is missing for this input.
      request.log.warn({ err: error, sqlstate: refused.code }, 'database refused an input value');
      return reply
        .status(400)
        .send(
          errorBody('validation_error', 'invalid', VALIDATION_DETAILS_FR.databaseRefused, 'non_field_errors'),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('server_error', 'error'));
  });

  // find-my-way is Fastify's own router: a second copy tells "no such path" (404) from
  // "path exists with another method" (405), which Fastify alone answers as 404.
  const paths = FindMyWay({ ignoreTrailingSlash: true });
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const raw of methods) {
      const method = raw.toUpperCase() as HTTPMethod;
      if (method === 'HEAD' || paths.hasRoute(method, route.url)) continue;
      paths.on(method, route.url, noop);
    }
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
      (m) => m !== request.method && paths.find(m, path) !== null,
    );
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return reply
        .status(405)
        .send(
          errorBody(
            'client_error',
            'method_not_allowed',
            `La méthode « ${request.method} » n'est pas autorisée.`,
          ),
        );
    }
    return reply.status(404).send(errorBody('client_error', 'not_found'));
  });
}
