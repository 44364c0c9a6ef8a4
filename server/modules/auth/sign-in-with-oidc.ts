import { MESSAGES } from '@shared/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { insertUserWithHandle } from '../users/generate-handle';
import { findUserByEmail, findUserByOidc, updateUser, type UserRow } from '../users/users.repository';
import type { OidcClaims } from '../../oidc';
import { promoteListedAdmin } from './promote-listed-admin';

export type OidcSignInDeps = {
  db: Db;
  adminEmails: Set<string>;
  /** Ends every session of an account whose password was just taken away. */
  endAllSessions(userId: string): Promise<unknown>;
};

/**
 * Finds the account of an OpenID Connect identity, links an existing account through a verified email,
 * or creates one. An account that holds the address without ever having verified it may have been
 * registered by someone else in advance: linking it takes its password away and ends its sessions, so
 * only the provider's user can sign in to it from then on.
 */
export async function signInWithOidc(deps: OidcSignInDeps, claims: OidcClaims): Promise<UserRow> {
  let user = await findUserByOidc(deps.db, claims.issuer, claims.subject);
  const verifiedEmail = claims.email && claims.emailVerified ? claims.email.toLowerCase() : null;
  if (!user && verifiedEmail) {
    const byEmail = await findUserByEmail(deps.db, verifiedEmail);
    if (byEmail) user = await linkIdentity(deps, byEmail, claims);
  }
  if (!user) {
    user = await insertUserWithHandle(
      deps.db,
      {
        email: verifiedEmail,
        emailVerifiedAt: verifiedEmail ? new Date() : null,
        oidcIssuer: claims.issuer,
        oidcSubject: claims.subject,
        firstName: claims.firstName,
        lastName: claims.lastName,
        displayName: [claims.firstName, claims.lastName].filter(Boolean).join(' ') || null,
        profileImageUrl: claims.picture,
      },
      { ...claims, email: claims.email },
    );
  }
  if (user.isSuspended) throw AppError.forbidden(MESSAGES.accountSuspended);
  return promoteListedAdmin(deps.db, deps.adminEmails, user);
}

async function linkIdentity(deps: OidcSignInDeps, account: UserRow, claims: OidcClaims): Promise<UserRow> {
  const identity = { oidcIssuer: claims.issuer, oidcSubject: claims.subject };
  if (account.emailVerifiedAt) return (await updateUser(deps.db, account.id, identity))!;
  const claimed = (await updateUser(deps.db, account.id, { ...identity, passwordHash: null, emailVerifiedAt: new Date() }))!;
  await deps.endAllSessions(account.id);
  return claimed;
}
