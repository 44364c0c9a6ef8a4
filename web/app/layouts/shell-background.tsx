// What the signed-in shell runs beside the screen, none of it needed for the first paint: the live
// notifications socket and the offline sync (outbox, drafts, replicated lists). The shell mounts it once
// the page has loaded and gone idle.
import { useLiveNotifications } from '@web/lib/use-live-notifications';
import { useDraftSync, useOutboxSender } from '@web/offline/use-offline';

export function ShellBackground({ userId }: { userId: string }) {
  useLiveNotifications(userId);
  useOutboxSender();
  useDraftSync();
  return null;
}
