import { publicNameOf } from '@shared/format';
import { canView } from '../../access/access-policy';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, type PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { findBlogPostBySlug } from '../blog/blog.repository';
import type { ProjectViewRow } from '../projects/project-view';
import { findProjectView } from '../projects/projects.repository';
import { findUserByHandleOrId } from '../users/users.repository';
import { PREVIEW_DESCRIPTION_MAX, projectPathOf, type SharedPage } from './shared-pages';

/** A page's link preview, origin-free (the request's or PUBLIC_URL's origin is added when it is written). */
export type LinkPreview = {
  kind: SharedPage['kind'];
  /** The canonical path of the page (a profile by its handle). */
  path: string;
  title: string;
  description: string;
  /** A raster image's address (absolute, or root-relative on this site). */
  image: string;
  imageAlt: string;
  /** The creator, for a project or a post. */
  authorName: string | null;
  authorPath: string | null;
  publishedAt: string | null;
  /** The page's feeds (RSS, Atom), for a profile. */
  feeds: { rss: string; atom: string; title: string } | null;
};

/** A raster image on this site's uploads or an http(s) address with a raster extension: a card can show it. */
export function isRasterImage(url: string | null | undefined): url is string {
  if (!url) return false;
  if (/^\/uploads\/images\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(url)) return true;
  return /^https?:\/\/[^\s]+\.(png|jpe?g|gif|webp)(\?[^\s]*)?$/i.test(url);
}

/** The image of a project's card: its thumbnail when raster, else the card image made for it. */
export function projectImageOf(p: { id: number; thumbnail: string }): string {
  return isRasterImage(p.thumbnail) ? p.thumbnail : `/og/project/${p.id}.png`;
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number = PREVIEW_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * A project as anyone may see it (a visitor's view: suspended authors' and deleted projects are null).
 * Previews, embeds and feeds link to the project page, never to its hosted files, so the card's
 * preview address is left on the app's own origin.
 */
export async function findPublicProject(db: DbOrTx, id: number): Promise<ProjectViewRow | null> {
  const row = await findProjectView(db, id, undefined);
  return row && canView(undefined, { kind: 'project', authorId: row.authorId, authorIsSuspended: row.authorIsSuspended, authorIsDeleted: row.authorIsDeleted }) ? row : null;
}

async function loadPreview(db: DbOrTx, page: SharedPage): Promise<LinkPreview | null> {
  switch (page.kind) {
    case 'project': {
      const p = await findPublicProject(db, page.id);
      if (!p) return null;
      return {
        kind: 'project',
        path: projectPathOf(p.id),
        title: p.title,
        description: clip(p.description),
        image: projectImageOf(p),
        imageAlt: p.title,
        authorName: p.card.authorName,
        authorPath: `/profile/${p.card.authorHandle}`,
        publishedAt: new Date(p.createdAt).toISOString(),
        feeds: null,
      };
    }
    case 'profile': {
      const u = await findUserByHandleOrId(db, page.key);
      if (!u || !canView(undefined, { kind: 'profile', id: u.id, isSuspended: u.isSuspended, deletedAt: u.deletedAt })) return null;
      const name = publicNameOf(u);
      const path = `/profile/${u.handle}`;
      return {
        kind: 'profile',
        path,
        title: name,
        description: clip(u.bio?.trim() ? u.bio : `${name}'s projects on Buildboard.`),
        image: isRasterImage(u.profileImageUrl) ? u.profileImageUrl : '/og/site.png',
        imageAlt: name,
        authorName: null,
        authorPath: null,
        publishedAt: null,
        feeds: { rss: `${path}/feed.xml`, atom: `${path}/atom.xml`, title: `${name} on Buildboard` },
      };
    }
    case 'blog': {
      const post = await findBlogPostBySlug(db, page.slug);
      if (!post) return null;
      return {
        kind: 'blog',
        path: `/blog/${post.slug}`,
        title: post.title,
        description: clip(post.excerpt),
        image: isRasterImage(post.thumbnail) ? post.thumbnail : '/og/site.png',
        imageAlt: post.title,
        authorName: post.authorName,
        authorPath: null,
        publishedAt: post.publishedAt.toISOString(),
        feeds: null,
      };
    }
  }
}

/**
 * A shared page's preview, or null when the page does not exist or is hidden from visitors. Kept in the
 * public cache: a write to the project (or any other write: a profile, a post, a suspension) drops it.
 */
export function readLinkPreview(deps: { db: DbOrTx; cache: PublicCache }, page: SharedPage): Promise<LinkPreview | null> {
  const key = cacheKeys.linkPreview(page.kind === 'project' ? `project:${page.id}` : page.kind === 'profile' ? `profile:${page.key}` : `blog:${page.slug}`);
  return deps.cache.read(key, () => loadPreview(deps.db, page), {
    ttlMs: PUBLIC_CACHE_TTL_MS.project,
    shows: () => (page.kind === 'project' ? [page.id] : []),
  });
}
