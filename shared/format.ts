// Display formatters of spec sections 2 and 9, used by every screen.

/** 1000 or more: one decimal plus K (1234 -> "1.2K"); below: the plain number. */
export function formatCount(n: number): string {
  if (n >= 1000) return `${(n / 1000).toFixed(1)}K`;
  return String(n);
}

/** Integer cents to dollars with 2 decimals; 0 means Free. */
export function formatCost(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  if (cents === 0) return 'Free';
  return `$${(cents / 100).toFixed(2)}`;
}

export type NameParts = {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
};

const clean = (s: string | null | undefined) => (s ?? '').trim();

/**
 * displayName; else first + last name; else the email before the @; else 'User'. Only
 * for the signed-in member's own name (the sidebar): others' names come from publicNameOf.
 */
export function displayNameOf(u: NameParts | null | undefined): string {
  if (!u) return 'User';
  const display = clean(u.displayName);
  if (display) return display;
  const full = [clean(u.firstName), clean(u.lastName)].filter(Boolean).join(' ');
  if (full) return full;
  const local = clean(u.email).split('@')[0] ?? '';
  if (local) return local;
  return 'User';
}

/** A member's name as others see it: displayName; else first + last name; else 'User', never any part of an email. */
export function publicNameOf(u: Omit<NameParts, 'email'> | null | undefined): string {
  if (!u) return 'User';
  const display = clean(u.displayName);
  if (display) return display;
  const full = [clean(u.firstName), clean(u.lastName)].filter(Boolean).join(' ');
  return full || 'User';
}

/** The letter shown when there is no profile image: display name, first name, email, else 'U'. */
export function avatarLetterOf(u: NameParts | null | undefined): string {
  for (const s of [u?.displayName, u?.firstName, u?.email]) {
    const c = clean(s);
    if (c) return c.charAt(0).toUpperCase();
  }
  return 'U';
}

/** Only http(s) addresses are used as avatar images; anything else shows a generic icon. */
export function isHttpUrl(url: string | null | undefined): boolean {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

/** An image this server stores for uploads (`POST /api/upload/image` answers these paths). */
export const UPLOADED_IMAGE_URL = /^\/uploads\/images\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Avatars and banners show from http(s) addresses and from this server's own uploaded images. */
export function isImageUrl(url: string | null | undefined): boolean {
  return isHttpUrl(url) || (typeof url === 'string' && UPLOADED_IMAGE_URL.test(url));
}

/** '(1 rating)' or '(n ratings)'. */
export function ratingsLabel(count: number): string {
  return `(${count} ${count === 1 ? 'rating' : 'ratings'})`;
}

/** Rating value with one decimal, or a dash when 0. */
export function formatRating(value: number): string {
  return value ? value.toFixed(1) : '-';
}

/** 'January 2025' style month and year, as 'Joined' shows it. */
export function formatMonthYear(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** '3 days' style relative time, without 'ago' (callers add it, as the spec's texts do). */
export function formatRelative(iso: string | Date, now: Date = new Date()): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const seconds = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  const units: [number, string][] = [
    [365 * 24 * 3600, 'year'],
    [30 * 24 * 3600, 'month'],
    [7 * 24 * 3600, 'week'],
    [24 * 3600, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return 'less than a minute';
}

export function formatDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
