import { MESSAGES } from '@shared/errors';
import type { TProfileUpdate } from '@shared/schemas/user';
import type { TUserProfile } from '@shared/schemas/user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { toUserProfile } from './to-user-profile';
import { isHandleTakenByOther, updateUser, type NewUser, type UserRow } from './users.repository';

/** The columns the profile form may write; anything else (isAdmin, counts...) never reaches the row. */
const OPTIONAL_FIELDS = [
  'bio',
  'location',
  'bannerImageUrl',
  'profileImageUrl',
  'socialMedia1Platform',
  'socialMedia1Url',
  'socialMedia2Platform',
  'socialMedia2Url',
  'socialMedia3Platform',
  'socialMedia3Url',
] as const satisfies readonly (keyof TProfileUpdate & keyof NewUser)[];

/** Saves the owner's profile: absent optional fields stay, '' clears them; handles are unique in any case. */
export async function updateProfile(deps: { db: Db }, user: UserRow, input: TProfileUpdate): Promise<TUserProfile> {
  const values: Partial<NewUser> = { displayName: input.displayName, handle: input.handle };
  for (const key of OPTIONAL_FIELDS) {
    const value = input[key];
    if (value !== undefined) values[key] = value === '' ? null : value;
  }
  if (await isHandleTakenByOther(deps.db, input.handle, user.id)) throw AppError.conflict(MESSAGES.handleTaken);
  let row: UserRow | undefined;
  try {
    row = await updateUser(deps.db, user.id, values);
  } catch (err) {
    // Two members claiming one handle at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'users_handle_unique')) throw AppError.conflict(MESSAGES.handleTaken);
    throw err;
  }
  if (!row) throw AppError.unauthorized();
  return toUserProfile(row, user);
}
