import { DATA_EXPORT_KEEP_DAYS } from '@shared/constants';
import { displayNameOf } from '@shared/format';
import type { AppDeps } from '../../deps';
import type { OutboxTopic } from '../../jobs/outbox';
import { queueMail } from '../../mail/mail-queue';
import { writeZip } from './zip-writer';
import { collectMemberData, findExport, markExport, type AccountExportRow, type MemberData } from './data-export.repository';

export const DATA_EXPORT_TOPIC = 'account-export';
const MAX_ATTEMPTS = 5;
export type DataExportTask = { exportId: string };

const COMPRESSED = /\.(png|jpe?g|gif|webp|woff2?)$/i;
const README = `Your Buildboard data

profile.json        your account and profile (no password)
projects.json       your projects; their hosted files are under projects/<id>/files/
comments.json       the comments you wrote
ratings.json, likes.json, saves.json, shares.json
follows.json        who you follow and who follows you
notifications.json  your notifications
drafts.json         your unpublished drafts
reports.json        the reports you filed
`;

/** The member's row as they may see it: everything but secrets and internal bookkeeping. */
function profileOf(profile: MemberData['profile']) {
  if (!profile) return null;
  const { passwordHash: _password, stripeStateAt: _stateAt, isHidden: _hidden, ...rest } = profile;
  return rest;
}

/** Builds "Download my data" in the background: one ZIP in storage, then a mail saying it is ready. */
export function dataExportBuilder(deps: Pick<AppDeps, 'db' | 'storage' | 'outbox'>): OutboxTopic<DataExportTask> {
  return {
    topic: DATA_EXPORT_TOPIC,
    maxAttempts: MAX_ATTEMPTS,
    async handle([task]) {
      const row = await findExport(deps.db, task!.payload.exportId);
      if (!row || row.status !== 'pending') return;
      try {
        await build(deps, row);
      } catch (err) {
        // The last attempt: the member sees it failed and may ask again.
        if (task!.attempts >= MAX_ATTEMPTS) await markExport(deps.db, row.id, { status: 'failed' });
        throw err;
      }
    },
  };
}

async function build(deps: Pick<AppDeps, 'db' | 'storage' | 'outbox'>, row: AccountExportRow): Promise<void> {
      const data = await collectMemberData(deps.db, row.userId);
      const key = `exports/${row.userId}/${row.id}.zip`;
      const json = (v: unknown) => JSON.stringify(v, null, 2);
      const size = await writeZipTo(deps, key, async (add) => {
        add('README.txt', README);
        add('profile.json', json(profileOf(data.profile)));
        add('projects.json', json(data.projects.map(({ searchDocument: _doc, ...p }) => ({ ...p, files: data.files.filter((f) => f.projectId === p.id).map((f) => f.path) }))));
        for (const f of data.files) {
          const bytes = await deps.storage.get(f.storageKey);
          if (bytes) add(`projects/${f.projectId}/files/${f.path}`, bytes, !COMPRESSED.test(f.path));
        }
        add('comments.json', json(data.comments));
        add('ratings.json', json(data.ratings));
        add('likes.json', json(data.likes));
        add('saves.json', json(data.saves));
        add('shares.json', json(data.shares));
        add('follows.json', json({ following: data.following, followers: data.followers }));
        add('notifications.json', json(data.notifications));
        add('drafts.json', json(data.drafts));
        add('reports.json', json(data.reports));
      });
      await deps.db.transaction(async (tx) => {
        const expiresAt = new Date(Date.now() + DATA_EXPORT_KEEP_DAYS * 86_400_000);
        await markExport(tx, row.id, { status: 'ready', storageKey: key, sizeBytes: size, readyAt: new Date(), expiresAt });
        if (data.profile?.email) {
          await queueMail(
            tx,
            { template: 'export-ready', to: data.profile.email, data: { name: displayNameOf(data.profile), days: DATA_EXPORT_KEEP_DAYS }, link: { path: '/settings#your-data' } },
            `export-ready:${row.id}`,
          );
        }
      });
      deps.outbox.nudge();
}

function writeZipTo(deps: Pick<AppDeps, 'storage'>, key: string, fill: Parameters<typeof writeZip>[1]) {
  return writeZip(deps.storage.pathOf(key), fill);
}
