import { sign } from 'cookie-signature';
import { describe, expect, it } from 'vitest';
import { cookieValue, VerifiedCookies } from './session-read';

describe('reading the session cookie', () => {
  it('when the header holds the cookie among others, then its first value comes back trimmed and decoded', () => {
    expect(cookieValue('a=1; bb.sid=s%3Aabc.def ; bb.sid=other', 'bb.sid')).toBe('s:abc.def');
    expect(cookieValue('xbb.sid=1; bb.sidx=2', 'bb.sid')).toBeUndefined();
    expect(cookieValue('bb.sid="quoted"', 'bb.sid')).toBe('quoted');
    expect(cookieValue('bb.sid=%E0%A4%A', 'bb.sid')).toBe('%E0%A4%A');
  });

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
