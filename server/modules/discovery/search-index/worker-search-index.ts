import { Worker } from 'node:worker_threads';
import type { IndexChange, IndexCounts, IndexSearch, IndexSearchAnswer, SearchBackend } from './search-index';

/** What the instance sends its search thread: changes to apply in order, and at most one request after them. */
export type WorkerMessage = {
  changes: IndexChange[];
  request?: { id: number; kind: 'finishLoad' } | { id: number; kind: 'search'; query: IndexSearch };
};
export type WorkerReply = { id: number; counts: IndexCounts } | { id: number; answer: IndexSearchAnswer } | { id: number; error: string };

/**
 * The thread runs TypeScript as the server does: tsx's loader, registered in the thread before its
 * module is imported (a worker does not inherit the loader the process started with).
 */
function bootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./search-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

/**
 * The search index in a worker thread: ranking (milliseconds of CPU a search) runs beside the thread
 * that serves requests, on another core. Changes are queued and sent with the next request (or when
 * flushed), so the thread sees them in order before it answers.
 */
export class WorkerSearchIndex implements SearchBackend {
  private readonly worker = new Worker(bootstrap(), { eval: true });
  private changes: IndexChange[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;

  constructor() {
    this.worker.on('message', (reply: WorkerReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (!waiter) return;
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`the search thread stopped (exit code ${code})`)));
    // It never keeps the process alive on its own.
    this.worker.unref();
  }

  apply(change: IndexChange): void {
    this.changes.push(change);
  }

  flush(): void {
    if (this.changes.length > 0 && !this.failure) this.worker.postMessage({ changes: this.take() } satisfies WorkerMessage);
  }

  async finishLoad(): Promise<IndexCounts> {
    const reply = await this.request({ id: this.nextId++, kind: 'finishLoad' });
    if (!('counts' in reply)) throw new Error('the search thread answered a load with something else');
    return reply.counts;
  }

  async search(query: IndexSearch): Promise<IndexSearchAnswer> {
    const reply = await this.request({ id: this.nextId++, kind: 'search', query });
    if (!('answer' in reply)) throw new Error('the search thread answered a search with something else');
    return reply.answer;
  }

  get broken(): boolean {
    return this.failure !== null;
  }

  close(): void {
    this.fail(new Error('the search index was closed'));
    void this.worker.terminate();
  }

  private request(request: NonNullable<WorkerMessage['request']>): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.worker.postMessage({ changes: this.take(), request } satisfies WorkerMessage);
    });
  }

  private take(): IndexChange[] {
    const changes = this.changes;
    this.changes = [];
    return changes;
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}
