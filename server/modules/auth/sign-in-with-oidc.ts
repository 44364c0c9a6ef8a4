import { MESSAGES } from '@shared/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { insertUserWithHandle } from '../users/generate-handle';
import {
  findUserByEmail,
  findUserByOidc,
  updateUser,
  type UserRow,
} from '../users/users.repository';
import type { OidcClaims } from '../../oidc';
import { promoteListedAdmin } from './promote-listed-admin';

/**
 * Finds the account of an OpenID Connect identity; links an existing account only through a verified
 * email (an unverified one could take over someone else's account), else creates one.
 */
export async function signInWithOidc(
  deps: { db: Db; adminEmails: Set<string> },
  claims: OidcClaims,
): Promise<UserRow> {
  let user = await findUserByOidc(deps.db, claims.issuer, claims.subject);
  if (!user && claims.email && claims.emailVerified) {
    const byEmail = await findUserByEmail(deps.db, claims.email);
    if (byEmail) {
      user = await updateUser(deps.db, byEmail.id, { oidcIssuer: claims.issuer, oidcSubject: claims.subject });
    }
  }
  if (!user) {
    const email = claims.email && claims.emailVerified && !(await findUserByEmail(deps.db, claims.email)) ? claims.email : null;
    user = await insertUserWithHandle(
      deps.db,
      {
      email,
      oidcIssuer: claims.issuer,
      oidcSubject: claims.subject,
      firstName: claims.firstName,
      lastName: claims.lastName,
      displayName: [claims.firstName, claims.lastName].filter(Boolean).join(' ') || null,
      profileImageUrl: claims.picture,
      isAdmin: !!email && deps.adminEmails.has(email),
      },
      { ...claims, email: claims.email },
    );
  }
  if (!user) throw AppError.unauthorized();
  if (user.isSuspended) throw AppError.forbidden(MESSAGES.accountSuspended);
  return promoteListedAdmin(deps.db, deps.adminEmails, user);
}
