import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recountAll } from '../db/recount';
import {
  appMeta,
  blogPosts,
  comments,
  follows,
  projects,
  ratings,
  reactions,
  reports,
  saves,
  shares,
  users,
} from '../db/schema';
import type { AnyDomainEvent } from '../events/domain-events';
import { hashPassword } from '../modules/auth/password';
import {
  DEMO_BLOG_POSTS,
  DEMO_ENGAGEMENT,
  DEMO_FOLLOWS,
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_REPORTS,
  DEMO_SHARES,
  DEMO_USERS,
} from './demo-data';
import { seedDemoHistory } from './demo-history';

const SEEDED_KEY = 'demo_seeded';
const DAY = 24 * 60 * 60 * 1000;
// Each bundled thumbnail carries a glyph; pick the one that fits the category.
const THUMB_BY_CATEGORY: Record<string, number> = {
  'Web Development': 1,
  'Desktop Apps': 2,
  'AI/ML': 3,
  'Game Development': 4,
  'Mobile Development': 5,
  'Data Science': 6,
  DevOps: 7,
  Finance: 8,
  Design: 9,
  Other: 10,
};

export type SeedResult = {
  password: string;
  accounts: { email: string; isAdmin: boolean }[];
  loadedNow: boolean;
  /** What the demo members "did", for the caller to emit once its handlers listen (notifications). */
  events: AnyDomainEvent[];
};

const accounts = () => DEMO_USERS.map((u) => ({ email: u.email, isAdmin: !!u.isAdmin }));

/**
 * Loads the demo community into an empty database, once: the marker row is written in the same
 * transaction, so a restart (or a second instance) never loads it twice. Returns null when the
 * database already held someone else's data.
 */
export async function seedDemo(db: Db): Promise<SeedResult | null> {
  const marker = await db.query.appMeta.findFirst({ where: eq(appMeta.key, SEEDED_KEY) });
  if (marker) return { password: DEMO_PASSWORD, accounts: accounts(), loadedNow: false, events: [] };
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return null;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const events: AnyDomainEvent[] = [];
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
    if (inserted.length === 0) return; // another instance is seeding

    const userIds = new Map<string, string>();
    for (const [i, u] of DEMO_USERS.entries()) {
      const social = u.social ?? [];
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          passwordHash,
          // Demo addresses are not real mailboxes: they count as verified, so the demo admin is one.
          emailVerifiedAt: new Date(now),
          firstName: u.firstName,
          lastName: u.lastName,
          displayName: `${u.firstName} ${u.lastName}`,
          handle: u.handle,
          bio: u.bio,
          location: u.location,
          isAdmin: !!u.isAdmin,
          isPremium: !!u.isPremium,
          premiumExpiresAt: u.isPremium ? new Date(now + 30 * DAY) : null,
          socialMedia1Platform: social[0]?.[0],
          socialMedia1Url: social[0]?.[1],
          socialMedia2Platform: social[1]?.[0],
          socialMedia2Url: social[1]?.[1],
          createdAt: new Date(now - (120 - i * 10) * DAY),
        })
        .returning({ id: users.id });
      userIds.set(u.key, row!.id);
    }
    const uid = (key: string) => userIds.get(key)!;

    const projectIds = new Map<string, number>();
    const seededProjects: { id: number; createdAt: number; viewCount: number }[] = [];
    for (const [i, p] of DEMO_PROJECTS.entries()) {
      const [row] = await tx
        .insert(projects)
        .values({
          authorId: uid(p.author),
          title: p.title,
          description: p.description,
          thumbnail: `/demo/thumb-${THUMB_BY_CATEGORY[p.category] ?? (i % 10) + 1}.svg`,
          category: p.category,
          projectUrl: p.projectUrl,
          tutorialUrl: p.tutorialUrl,
          timeSpent: p.timeSpent,
          timeUnit: p.timeUnit,
          cost: p.cost,
          location: p.location,
          hostingType: 'external',
          viewCount: 40 + ((i * 37) % 90),
          createdAt: new Date(now - p.daysAgo * DAY),
        })
        .returning({ id: projects.id, viewCount: projects.viewCount });
      projectIds.set(p.title, row!.id);
      seededProjects.push({ id: row!.id, createdAt: now - p.daysAgo * DAY, viewCount: row!.viewCount });
    }
    const pid = (title: string) => projectIds.get(title)!;

    await tx.insert(follows).values(DEMO_FOLLOWS.map(([a, b]) => ({ followerId: uid(a), followingId: uid(b) })));
    for (const [a, b] of DEMO_FOLLOWS) events.push({ name: 'user:followed', payload: { followerId: uid(a), followingId: uid(b) } });
    for (const [user, title, rating, comment] of DEMO_ENGAGEMENT) {
      await tx.insert(reactions).values({ userId: uid(user), projectId: pid(title), type: 'like' });
      await tx.insert(ratings).values({ userId: uid(user), projectId: pid(title), rating });
      if (rating >= 5) await tx.insert(saves).values({ userId: uid(user), projectId: pid(title) });
      events.push({ name: 'project:liked', payload: { actorId: uid(user), projectId: pid(title) } });
      if (comment) {
        const [c] = await tx.insert(comments).values({ userId: uid(user), projectId: pid(title), content: comment }).returning({ id: comments.id });
        events.push({ name: 'project:commented', payload: { actorId: uid(user), projectId: pid(title), commentId: c!.id } });
      }
    }
    await tx.insert(shares).values(DEMO_SHARES.map(([u, t]) => ({ userId: uid(u), projectId: pid(t) })));
    await tx.insert(blogPosts).values(
      DEMO_BLOG_POSTS.map((b) => ({
        slug: b.slug,
        title: b.title,
        excerpt: b.excerpt,
        content: b.content,
        authorId: uid('admin'),
        authorName: 'Morgan Reyes',
        publishedAt: new Date(now - b.daysAgo * DAY),
      })),
    );
    await tx.insert(reports).values(
      DEMO_REPORTS.map((r) => ({
        reporterId: uid(r.reporter),
        reportType: 'project',
        targetId: String(pid(r.project)),
        reason: r.reason,
        description: r.description,
      })),
    );
    await seedDemoHistory(tx, {
      now,
      projects: seededProjects,
      memberIds: [...userIds.values()],
      thumbnailOf: (category, i) => `/demo/thumb-${THUMB_BY_CATEGORY[category] ?? (i % 10) + 1}.svg`,
    });
    await recountAll(tx);
  });
  return { password: DEMO_PASSWORD, accounts: accounts(), loadedNow: true, events };
}
