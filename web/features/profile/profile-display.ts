import { avatarLetterOf, isHttpUrl } from '@shared/format';
import { UPLOADED_IMAGE_PATTERN, type TUserProfile } from '@shared/schemas/user';

type Names = Pick<TUserProfile, 'displayName' | 'firstName' | 'lastName'> & Partial<Pick<TUserProfile, 'email'>>;

/** The profile's name: displayName, else first plus last name, else 'Anonymous' (never blank). */
export function profileNameOf(p: Names): string {
  const display = p.displayName?.trim();
  if (display) return display;
  const full = [p.firstName?.trim(), p.lastName?.trim()].filter(Boolean).join(' ');
  return full || 'Anonymous';
}

/** Up to two initials of the shown name; without any name, the avatar's fallback letter. */
export function initialsOf(p: Names): string {
  const name = profileNameOf(p);
  if (name === 'Anonymous' && !p.displayName?.trim()) return avatarLetterOf(p);
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase());
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : letters[0]!) || 'U';
}

/** Banner and avatar images are shown from http(s) addresses and from this server's uploads only. */
export function usableImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return isHttpUrl(url) || UPLOADED_IMAGE_PATTERN.test(url) ? url : null;
}
