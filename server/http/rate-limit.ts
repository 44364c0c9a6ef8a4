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
}) => RequestHandler;

/** Rate limiters share Redis across instances when REDIS_URL is set; otherwise they count in memory. */
export function limiterFactory(redis: RedisClient | null, redisPrefix = 'bb:'): LimiterFactory {
  return ({ name, windowMs, limit, message, key }) => {
    const store: Store | undefined = redis
      ? new RedisStore({ prefix: `${redisPrefix}rl:${name}:`, sendCommand: (...args: string[]) => redis.sendCommand(args) })
      : undefined;
    return rateLimit({
      windowMs,
      limit,
      store,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: key,
      // Keys are our own (IP or normalised email), so the library's IPv6 key check does not apply.
      validate: { keyGeneratorIpFallback: false },
      handler: (_req, res) => {
        res.status(429).json({ message });
      },
    });
  };
}
