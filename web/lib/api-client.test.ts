import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, isContentUnavailableError, isUnauthorizedError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body: string, statusText = '') =>
  vi.fn(async () => new Response(body || null, { status, statusText }));

describe('api client', () => {
  it('when the server answers an error with a body, then the error reads "<status>: <body>"', async () => {
    vi.stubGlobal('fetch', reply(409, '{"message":"This handle is already taken"}'));
    await expect(apiRequest('PATCH', '/api/user/profile', {})).rejects.toThrow(
      '409: {"message":"This handle is already taken"}',
    );
  });

  it('when the error body is empty, then the status text is used', async () => {
    vi.stubGlobal('fetch', reply(500, '', 'Internal Server Error'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('when a body is given, then it is sent as JSON with credentials', async () => {
    const f = reply(200, '{}');
    vi.stubGlobal('fetch', f);
    await apiRequest('POST', '/api/projects/1/comments', { content: 'hi' });
    expect(f).toHaveBeenCalledWith('/api/projects/1/comments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"content":"hi"}',
      credentials: 'include',
    });
  });

  it('when extra headers are given, then they go with the JSON header', async () => {
    const f = reply(200, '{}');
    vi.stubGlobal('fetch', f);
    await apiRequest('POST', '/api/projects/1/share', undefined, { 'Idempotency-Key': 'key-0001' });
    await apiRequest('POST', '/api/projects/1/comments', { content: 'hi' }, { 'Idempotency-Key': 'key-0002' });
    expect(f.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1].headers)).toEqual([
      { 'Idempotency-Key': 'key-0001' },
      { 'Idempotency-Key': 'key-0002', 'Content-Type': 'application/json' },
    ]);
  });

  it("when the error JSON has a code, then the error gives it beside the server's message", async () => {
    vi.stubGlobal('fetch', reply(409, '{"code":"IDEMPOTENCY_IN_PROGRESS","message":"Still running"}'));
    const err = (await apiRequest('POST', '/api/projects/1/share').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.serverCode, err.serverMessage]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS', 'Still running']);
    vi.stubGlobal('fetch', reply(404, '{"message":"Not found"}'));
    expect(((await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError).serverCode).toBeNull();
  });

  it('when reading a query key, then it GETs the parts joined by slashes; 401 is null in returnNull mode', async () => {
    const f = reply(401, '{"message":"Unauthorized"}');
    vi.stubGlobal('fetch', f);
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/users', 'ada', 'projects'] })).toBeNull();
    expect(f).toHaveBeenCalledWith('/api/users/ada/projects', { credentials: 'include' });
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toThrow(/^401: /);
  });

  it('recognises the logged-out and the suspended-author errors', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isContentUnavailableError(new Error('403: {"message":"Content Unavailable"}'))).toBe(true);
    expect(isContentUnavailableError(new Error('403: {"message":"Access Denied"}'))).toBe(false);
  });
});
