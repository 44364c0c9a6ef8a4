/** The Users tab's name: first and last name; else the part of the email before the @; else 'Anonymous'. */
export function adminUserName(u: { firstName: string | null; lastName: string | null; email: string | null }): string {
  const full = [u.firstName, u.lastName].filter((p) => p && p.trim()).join(' ').trim();
  if (full) return full;
  const local = u.email?.split('@')[0];
  return local ? local : 'Anonymous';
}
