// What the signed-in shell runs beside the screen, not needed for the first paint: the live
// notifications socket. The shell mounts it once the page has loaded and gone idle.
import { useLiveNotifications } from '@web/app/use-live-notifications';

export function ShellBackground({ userId }: { userId: string }) {
  useLiveNotifications(userId);
  return null;
}
