import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';

const pathOf = (req: IncomingMessage) => (req.url ?? '').split('?')[0]!.slice(0, 300);

/**
 * One compact line per request: request id, method, path (never the query, which may carry codes and
 * tokens), status and time. Never headers, cookies or bodies. `req.log` carries only the request id.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' },
    customSuccessObject: (req, res, val: { responseTime: number }) => ({
      method: req.method,
      path: pathOf(req),
      status: res.statusCode,
      ms: val.responseTime,
    }),
    customErrorObject: (req, res, err, val: { responseTime: number }) => ({
      method: req.method,
      path: pathOf(req),
      status: res.statusCode,
      ms: val.responseTime,
      err,
    }),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
  });
}
