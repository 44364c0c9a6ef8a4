import pino from 'pino';

export type Logger = pino.Logger;

/** Keys whose values never reach a log line, at any depth of a logged object or error. */
const SECRET_KEY = /pass(word)?|hash|token|secret|cookie|authorization|session|params|api[-_]?key|code[-_]?verifier|nonce/i;

/** Copies a logged value with secret-looking keys censored (bounded depth; errors keep message and stack). */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[Redacted]' : scrub(v, depth + 1);
  return out;
}

/** An error as logged: type, message, code, stack and causes, without query parameters or other secrets. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return scrub(err);
  return scrub(pino.stdSerializers.errWithCause(err));
}

/**
 * The process logger. Requests log one compact line each (server/http/request-log.ts), never headers;
 * errors and any logged object lose cookie, authorization, password, hash, token and query-parameter values.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.cookie',
        '*.authorization',
      ],
      censor: '[Redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
