import type { TLoginRequest, TRegisterRequest } from '@shared/schemas/auth';
import { apiJson } from '@web/lib/api-client';

/** Signs in with email and password, or signs up; the session cookie comes with the answer. */
export function signIn(mode: 'signin' | 'signup', request: TLoginRequest | TRegisterRequest): Promise<unknown> {
  return apiJson('POST', mode === 'signup' ? '/api/auth/register' : '/api/auth/login', request);
}
