import { MESSAGES } from '@shared/errors';
import { NOTIFICATION_NOT_FOUND } from '@shared/schemas/notification';
import { PROJECT_MESSAGES } from '@shared/schemas/project';
import { PROFILE_MESSAGES } from '@shared/schemas/user';
import { AppError } from '../errors';
import { UserSuspendedError } from './user-suspended-error';

/*
 * The one place where the server decides who may see and change what. Routes and use cases load a row
 * and ask here; nothing else compares ids with authors or reads isAdmin to decide access.
 */

/**
 * Who is asking: undefined for a visitor. Suspended accounts never get this far over HTTP: the session
 * layer (http/auth.ts loadUser, the realtime handshake) signs them out, so they ask as visitors.
 */
export type AccessViewer = { id: string; isAdmin: boolean } | undefined;

/** What is being asked about, with the state its rule needs. */
export type AccessResource =
  | { kind: 'project'; authorId: string; authorIsSuspended: boolean; authorIsDeleted?: boolean }
  | { kind: 'profile'; id: string; isSuspended: boolean; deletedAt?: Date | null; suspendedReason?: string | null; suspendedAt?: Date | null }
  | { kind: 'comment'; userId: string; project: { authorId: string; authorIsSuspended: boolean } }
  | { kind: 'notification'; userId: string };

/** An admin. */
export function isAdmin(viewer: AccessViewer): boolean {
  return !!viewer?.isAdmin;
}

/** The member who owns the resource (wrote the project, is the profile...). */
export function isOwner(viewer: AccessViewer, ownerId: string): boolean {
  return viewer?.id === ownerId;
}

/** The owner or an admin: who may change a resource and see it while its owner is suspended. */
export function canManage(viewer: AccessViewer, ownerId: string): boolean {
  return isOwner(viewer, ownerId) || isAdmin(viewer);
}

/**
 * Whether the viewer may see the resource. A suspended author's project (and its comments) is hidden
 * from everyone but admins and the author; so is a suspended member's profile; a notification only
 * ever shows to its recipient.
 */
export function canView(viewer: AccessViewer, resource: AccessResource): boolean {
  return canViewAs(viewer, resource.kind, resource);
}

/** canView over a loaded row and its kind, without making the resource (a copy of the row) per read. */
function canViewAs(viewer: AccessViewer, kind: Kind, state: ResourceOf<Kind>): boolean {
  switch (kind) {
    case 'project': {
      const s = state as ResourceOf<'project'>;
      return !s.authorIsSuspended || canManage(viewer, s.authorId);
    }
    case 'profile': {
      const s = state as ResourceOf<'profile'>;
      return (!s.isSuspended && !s.deletedAt) || canManage(viewer, s.id);
    }
    case 'comment':
      return canViewAs(viewer, 'project', (state as ResourceOf<'comment'>).project);
    case 'notification':
      return isOwner(viewer, (state as ResourceOf<'notification'>).userId);
  }
}

/** The spec's answer when a resource does not exist (deleted or never was). */
function notFound(kind: AccessResource['kind']): AppError {
  if (kind === 'profile') return AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (kind === 'notification') return AppError.notFound(NOTIFICATION_NOT_FOUND);
  return AppError.notFound(PROJECT_MESSAGES.notFound);
}

/**
 * The spec's answer when it exists but this viewer may not see it. A member who deleted their account is
 * gone for others (404), though admins still see them until the purge.
 */
function hidden(resource: AccessResource): AppError {
  switch (resource.kind) {
    case 'project':
      return resource.authorIsDeleted ? notFound('project') : AppError.forbidden(MESSAGES.contentUnavailable);
    case 'profile':
      if (resource.deletedAt) return notFound('profile');
      return new UserSuspendedError(resource.suspendedReason ?? null, resource.suspendedAt ?? null);
    case 'notification':
      // Someone else's notification answers like a missing one.
      return notFound('notification');
    default:
      return AppError.forbidden(MESSAGES.contentUnavailable);
  }
}

type Kind = AccessResource['kind'];
/** A resource's state without its kind: the row a use case loaded. */
export type ResourceOf<K extends Kind> = Omit<Extract<AccessResource, { kind: K }>, 'kind'>;

/** 404 with the kind's message when the row is missing (deleted or never was). */
export function assertExists<T>(kind: Kind, row: T | undefined): asserts row is T {
  if (!row) throw notFound(kind);
}

/**
 * Throws unless the viewer may see the resource: 404 when it is missing (deleted or never was), 403
 * 'Content Unavailable' / 'User Suspended' when it is hidden (someone else's notification is a 404).
 */
export function assertCanView<K extends Kind, T extends ResourceOf<K>>(
  viewer: AccessViewer,
  kind: K,
  row: T | undefined,
): asserts row is T {
  assertExists(kind, row);
  if (!canViewAs(viewer, kind, row)) throw hidden({ ...row, kind } as unknown as AccessResource);
}

/** Owner-only writes (admins may act too): 403 'Access Denied' otherwise. */
export function assertOwner(actor: AccessViewer, ownerId: string): void {
  if (!actor) throw AppError.unauthorized();
  if (!canManage(actor, ownerId)) throw AppError.forbidden();
}

/** Admin-only actions: 401 for visitors, 403 'Access Denied' for members. */
export function assertAdmin(actor: AccessViewer): void {
  if (!actor) throw AppError.unauthorized();
  if (!isAdmin(actor)) throw AppError.forbidden();
}
