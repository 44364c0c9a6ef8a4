import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url().optional();

/** Every environment variable the server reads, with its default; docs/configuration.md lists them. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
    REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,40}$/, 'letters, digits, _ : . - only').default('bb:'),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: z.string().default(''),
    PUBLIC_URL: optionalUrl,
    PREVIEW_ORIGIN: optionalUrl,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().default('openid email profile'),
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    SEARCH_INDEX: z.enum(['worker', 'memory', 'database']).default('worker'),
    READ_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(64),
    HEAP_COMPACT_GROWTH_MB: z.coerce.number().int().min(0).max(65_536).default(64),
    TRUST_PROXY: z.string().default('false'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    STRIPE_API_URL: optionalUrl,
    WEB_DIST_DIR: z.string().min(1).default(fileURLToPath(new URL('../dist/web', import.meta.url))),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Buildboard <no-reply@buildboard.local>'),
    ACCOUNT_PURGE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  });

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  adminEmails: Set<string>;
  secureCookies: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string; scopes: string } | null;
};

/**
 * Express's `trust proxy` value of TRUST_PROXY: off unless set ('false'), every hop ('true'), a hop
 * count ('1'), or a list of addresses/subnets ('loopback', '10.0.0.0/8, 127.0.0.1').
 */
export function trustProxySetting(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no' || v === '') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  const oidc = [cleaned.OIDC_ISSUER, cleaned.OIDC_CLIENT_ID, cleaned.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    lines.push('  OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  // Mails to real people need links that reach the site, not the instance's own local address.
  if (cleaned.SMTP_URL && !cleaned.PUBLIC_URL && cleaned.NODE_ENV === 'production') {
    lines.push('  PUBLIC_URL: must be set with SMTP_URL, so links in mails point to the site');
  }
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const env = parsed.data;
  return {
    ...env,
    adminEmails: new Set(
      env.ADMIN_EMAILS.split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES,
          }
        : null,
  };
}
