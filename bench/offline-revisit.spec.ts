// npm run bench:offline: how fast a reload offline paints the screens a member visited (the goal:
// within 1 s), measured in the page from the navigation's start to the first frame that shows the
// content, against an online reload of the same screens in the same run (the reference). Prints a table
// and writes bench/results/offline-revisit.md. Not part of npm test: time limits do not belong in tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { memberWithData, waitForServiceWorker, waitForStored } from '../e2e/offline-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const GOAL_MS = 1_000;

/** Reloads `path` and answers the ms from navigation start to the first frame with `text` on screen. */
async function paintTime(page: Page, path: string, text: string): Promise<number> {
  await page.goto(path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction((t) => (document.body?.innerText.includes(t) ? performance.now() : 0), text, { polling: 'raf', timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

test('offline revisit paint time', async ({ context, baseURL }) => {
  const { page, project } = await memberWithData(context, baseURL!);
  const screens: [string, string, string][] = [
    ['Explore', '/', 'feed'],
    ['Saved', '/saved', 'own'],
    ['Notifications', '/notifications', 'notifications'],
    ['Project', `/project/${project.id}`, 'project'],
  ];
  const textOf = (name: string) => (name === 'Notifications' ? 'New follower' : project.title);
  for (const [name, path, kind] of screens) {
    await page.goto(path);
    await expect(page.getByText(textOf(name)).first()).toBeVisible();
    await waitForStored(page, kind, textOf(name));
  }
  await waitForServiceWorker(page);

  const measure = async () => {
    const times = new Map<string, number[]>();
    for (let i = 0; i < RUNS; i++) {
      for (const [name, path] of screens) times.set(name, [...(times.get(name) ?? []), await paintTime(page, path, textOf(name))]);
    }
    return times;
  };
  const online = await measure();
  await context.setOffline(true);
  const offline = await measure();
  await context.setOffline(false);

  const rows = screens.map(([name]) => {
    const on = online.get(name)!.sort((a, b) => a - b);
    const off = offline.get(name)!.sort((a, b) => a - b);
    return { name, onP50: pct(on, 50), offP50: pct(off, 50), offP95: pct(off, 95), ratio: pct(off, 50) / pct(on, 50) };
  });
  const f = (n: number) => n.toFixed(0);
  const md = [
    `# Offline revisit (${RUNS} reloads per screen and mode)`,
    '',
    `Run ${new Date().toISOString()}. Time from navigation start to the first frame showing the screen's content, in the page.`,
    `Goal: offline p95 <= ${GOAL_MS} ms. Ratio = offline p50 / online p50 (the online reload of the same screen is the reference).`,
    '',
    '| screen | online p50 ms | offline p50 ms | offline p95 ms | ratio | goal |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.name} | ${f(r.onP50)} | ${f(r.offP50)} | ${f(r.offP95)} | ${r.ratio.toFixed(2)} | ${r.offP95 <= GOAL_MS ? 'met' : 'NOT met'} |`),
    '',
  ].join('\n');
  console.log(`\n${md}`);
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'offline-revisit.md'), md);
});
