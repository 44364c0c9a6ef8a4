import { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const MAX_REMEMBERED = 32;

/**
 * helmet's headers, worked out once per `variant` (what the options' functions read from a request,
 * e.g. the origin in the CSP) and replayed: run live, helmet's dozen middlewares and its CSP string
 * cost about a tenth of a bare Express answer on every request. Few variants are remembered (a Host
 * header is the client's to choose); the rest are worked out on each request, as helmet would.
 */
export function securityHeaders(options: HelmetOptions, variant: (req: Request) => string): RequestHandler {
  const live = helmet(options);
  const remembered = new Map<string, [string, string | number | readonly string[]][]>();
  return (req, res, next) => {
    const key = variant(req);
    let headers = remembered.get(key);
    if (!headers) {
      const probe = new ServerResponse(req);
      let done = false;
      live(req, probe, () => (done = true));
      // helmet answers synchronously; if a future version does not, fall back to running it live.
      if (!done) return live(req, res, next);
      headers = Object.entries(probe.getHeaders()).map(([name, value]) => [name, value!]);
      if (remembered.size < MAX_REMEMBERED) remembered.set(key, headers);
    }
    res.removeHeader('X-Powered-By');
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
