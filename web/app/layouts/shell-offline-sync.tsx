// The offline sync the signed-in shell runs beside the screen: the outbox sent, drafts and the
// replicated lists kept in step. It needs the local store, so the shell mounts it once the page has
// settled (web/lib/after-first-paint.ts), or at once when the network goes.
import { useDraftSync, useOutboxSender } from '../use-offline-sync';

export function ShellOfflineSync() {
  useOutboxSender();
  useDraftSync();
  return null;
}
