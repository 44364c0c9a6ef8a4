import { describe, expect, it } from 'vitest';
import { realtimeChecks } from './realtime-targets';
import { targetsMarkdown } from './targets';

const deploy = { dropped: 1520, back: 1520, missed: 0, writesFailed: 0 };
const memory = { rssPerSocketKb: 4.1, pushP95Ms: 11.9, writesFailed: 0 };

describe('realtime targets', () => {
  it('when every goal holds, then the section says so', () => {
    const checks = realtimeChecks(deploy, memory);
    expect(checks).toHaveLength(6);
    expect(targetsMarkdown(checks)).toContain('## Targets: 6 of 6 hold');
  });

  it('when sockets stay away, a notification is missed or memory and latency grow, then each miss is named with its figure', () => {
    const md = targetsMarkdown(realtimeChecks({ ...deploy, back: 42, missed: 4 }, { ...memory, rssPerSocketKb: 17.1, pushP95Ms: 30 }));
    expect(md).toContain('## Targets: 2 of 6 hold');
    expect(md).toContain('| every dropped socket back within 30 s | deploy (part 1) | 42 of 1520 |');
    expect(md).toContain('| no notification missed | deploy (part 1) | 4 missed |');
    expect(md).toContain('| RSS per idle socket <= 12 KB | memory and latency (part 2) | 17.1 KB |');
    expect(md).toContain('| write-to-push p95 <= 25 ms across instances | memory and latency (part 2) | 30.0 ms |');
  });

  it('when only one part ran, then only its goals are judged', () => {
    expect(realtimeChecks(null, memory).map((c) => c.where)).toEqual(Array(3).fill('memory and latency (part 2)'));
  });
});
