import { HANDLE_MAX } from '@shared/constants';
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN } from '@shared/schemas/admin';
import { HANDLE_PATTERN } from '@shared/schemas/user';
import { isUuid } from '@shared/uuid';

/** The pages whose links preview as cards: a project, a profile (by handle or id), a blog post. */
export type SharedPage = { kind: 'project'; id: number } | { kind: 'profile'; key: string } | { kind: 'blog'; slug: string };

/** Descriptions in tags and oEmbed answers stop here (what link cards show). */
export const PREVIEW_DESCRIPTION_MAX = 200;

const MAX_ID = 2_147_483_647;

export const projectPathOf = (id: number) => `/project/${id}`;

/** The shared page a path names, or null (any other page, or a malformed id, handle or slug). */
export function sharedPageOf(path: string): SharedPage | null {
  const m = /^\/(project|profile|blog)\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  let value: string;
  try {
    value = decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
  if (m[1] === 'project') {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) return null;
    return { kind: 'project', id: Number(value) };
  }
  if (m[1] === 'profile') {
    if (!isUuid(value) && (value.length > HANDLE_MAX || !HANDLE_PATTERN.test(value))) return null;
    return { kind: 'profile', key: value };
  }
  if (value.length > BLOG_SLUG_MAX || !BLOG_SLUG_PATTERN.test(value)) return null;
  return { kind: 'blog', slug: value };
}
