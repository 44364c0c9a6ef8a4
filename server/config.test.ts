import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(5000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.oidc).toBeNull();
    expect(c.HEAP_COMPACT_GROWTH_MB).toBe(64);
    expect(c.DATABASE_POOL_SIZE).toBeUndefined();
  });

  it('when several variables are bad, then one error names every one of them', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', OIDC_ISSUER: 'https://id.example.com', HEAP_COMPACT_GROWTH_MB: '-1', DATABASE_POOL_SIZE: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'OIDC_ISSUER', 'HEAP_COMPACT_GROWTH_MB', 'DATABASE_POOL_SIZE']) expect(message).toContain(`${name}: `);
  });

  it('when PUBLIC_URL is https, then cookies are Secure; ADMIN_EMAILS are normalised', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://buildboard.dev', ADMIN_EMAILS: ' A@x.com ,b@X.com,' });
    expect(c.secureCookies).toBe(true);
    expect([...c.adminEmails]).toEqual(['a@x.com', 'b@x.com']);
  });
});
