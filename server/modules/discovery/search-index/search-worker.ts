import { parentPort } from 'node:worker_threads';
import { SearchIndex } from './search-index';
import type { WorkerMessage, WorkerReply } from './worker-search-index';

// The index's own thread: it applies the instance's changes in the order they were sent, then answers
// the request that came with them, so the thread serving requests only asks and waits.
const index = new SearchIndex();
const port = parentPort!;

port.on('message', (message: WorkerMessage) => {
  try {
    for (const change of message.changes) index.apply(change);
    const reply = answer(message);
    if (reply) port.postMessage(reply);
  } catch (err) {
    if (message.request) port.postMessage({ id: message.request.id, error: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
    else throw err;
  }
});

function answer({ request }: WorkerMessage): WorkerReply | null {
  if (!request) return null;
  if (request.kind === 'finishLoad') {
    index.orderPostings(Infinity);
    return { id: request.id, counts: index.counts };
  }
  return { id: request.id, answer: index.searchNow(request.query) };
}
