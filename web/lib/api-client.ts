// The one HTTP client of the web app: every request of the screens, the outbox and the replications goes
// through it. Cookies are always sent, JSON bodies only when given, and any non-success answer is raised
// as an Error "<status>: <body text or status text>" (the error format the API contract fixes).
import type { ErrorBody, ErrorReason } from '@shared/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's error JSON, when the body is one. */
  private get parsed(): Partial<ErrorBody> {
    try {
      const parsed = JSON.parse(this.body) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<ErrorBody>) : {};
    } catch {
      return {};
    }
  }

  /** The server's `message`, when the body has one. */
  get serverMessage(): string | null {
    const { message } = this.parsed;
    return typeof message === 'string' ? message : null;
  }

  /** The server's `code`: the reason a client acts on, when the answer has one. */
  get serverCode(): ErrorReason | null {
    const { code } = this.parsed;
    return typeof code === 'string' ? code : null;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** Sends a request; a FormData body goes as multipart, anything else as JSON. Extra headers are added. */
export async function apiRequest(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: data !== undefined && !isForm ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** JSON of a request; 204 answers give null. */
export async function apiJson<T>(method: string, url: string, data?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, data, headers);
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

type UnauthorizedBehavior = 'throw' | 'returnNull';

/** The default reader: GET the key parts joined by slashes, parse JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** A message beginning '401:' and ending 'Unauthorized' means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^401: .*Unauthorized/.test(error.message);
}

/** A '403:' message ending 'Content Unavailable' is the suspended-author screen. */
export function isContentUnavailableError(error: unknown): boolean {
  return error instanceof Error && /^403: .*Content Unavailable/.test(error.message);
}

/** The server's message of an error, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
