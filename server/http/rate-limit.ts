import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RedisClient } from '../redis';

export type LimiterFactory = (opts: {
  name: string;
  windowMs: number;
  limit: number;
  message: string;
  key?: (req: Parameters<RequestHandler>[0]) => string;
  /** Count only the requests answered with an error status (4xx/5xx). */
  skipSuccessful?: boolean;
}) => RequestHandler;

/** Rate limiters share Redis across instances when REDIS_URL is set; otherwise they count in memory. */
export function limiterFactory(redis: RedisClient | null, redisPrefix = 'bb:'): LimiterFactory {
  return ({ name, windowMs, limit, message, key, skipSuccessful }) => {
    const store: Store | undefined = redis
      ? new RedisStore({ prefix: `${redisPrefix}rl:${name}:`, sendCommand: (...args: string[]) => redis.sendCommand(args) })
      : undefined;
    return rateLimit({
      windowMs,
      limit,
      store,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: key,
      skipSuccessfulRequests: skipSuccessful ?? false,
      // Keys are our own (IP or normalised email), so the library's IPv6 key check does not apply.
      // X-Forwarded-For is ignored unless TRUST_PROXY names the proxies (a client could forge it), so its
      // presence is no error.
      validate: { keyGeneratorIpFallback: false, xForwardedForHeader: false },
      handler: (_req, res) => {
        res.status(429).json({ message });
      },
    });
  };
}
