import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * node-postgres's connection over an in-process PGlite: the wire protocol without a socket. A query's
 * messages (parse, bind, describe, execute) are collected until its sync and handed to PGlite at once,
 * as a socket would deliver them: one call into the database per query, and an error inside the
 * extended protocol is followed by the sync that ends it. (PGlite's own node-postgres adapter sends
 * every message alone and loses the connection after such an error.)
 */
export class PgliteConnection extends EventEmitter {
  /** node-postgres's Client.end() asks the connection to end only while this is set. */
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  /** node-postgres records here which named statements this connection has parsed. */
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  private pending: Buffer[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {
    super();
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // Startup, authentication and TLS have nothing to do in process.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.pending.push(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.pending.push(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.pending.push(serialize.execute(config));
  }
  describe(msg: Parameters<typeof serialize.describe>[0]): void {
    this.pending.push(serialize.describe(msg));
  }
  close(msg: Parameters<typeof serialize.close>[0]): void {
    this.pending.push(serialize.close(msg));
  }
  flush(): void {
    this.send(serialize.flush());
  }
  sync(): void {
    this.send(serialize.sync());
  }

  /**
   * The client is done with it: told so, then forgotten (a pool's next client reuses the connection, and
   * PGlite keeps its prepared statements). Only its own listeners go: the pool attaches the next waiting
   * query's client from inside this 'end' (after a query error), and that client keeps its listeners.
   */
  end(): void {
    this.queue = this.queue.then(() => {
      const attached = this.eventNames().map((name) => [name, this.listeners(name) as ((...args: unknown[]) => void)[]] as const);
      this.emit('end');
      for (const [name, listeners] of attached) for (const listener of listeners) this.removeListener(name, listener);
    });
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.send(serialize.copyFail(message));
  }

  /** Everything collected so far plus this message, in one call, in order with the earlier calls. */
  private send(message: Buffer): void {
    const bytes = Buffer.concat([...this.pending, message]);
    this.pending = [];
    this.queue = this.queue
      .then(() => this.pglite.execProtocolStream(bytes, { throwOnError: false }))
      .then((messages) => {
        for (const m of messages) this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
      })
      .catch((err: unknown) => {
        this.emit('error', err);
      });
  }
}
