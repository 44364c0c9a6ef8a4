import { sign } from 'cookie-signature';
import { describe, expect, it } from 'vitest';
import { VerifiedCookies } from './session-read';

describe('reading the session cookie', () => {
  it('when a signed value is checked, then only a signature made with the secret gives its session id, and a good one is remembered', () => {
    const cookies = new VerifiedCookies('the-secret');
    const good = `s:${sign('session-1', 'the-secret')}`;
    expect(cookies.sessionId(good)).toBe('session-1');
    expect(cookies.sessionId(good)).toBe('session-1');
    expect(cookies.sessionId(`s:${sign('session-1', 'another-secret')}`)).toBeNull();
    expect(cookies.sessionId(`s:${sign('session-1', 'the-secret').slice(0, -1)}x`)).toBeNull();
    expect(cookies.sessionId(sign('session-1', 'the-secret'))).toBeNull();
  });
});
