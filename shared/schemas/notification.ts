import { z } from '../zod';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** A notification as GET /api/notifications lists it, with its type and link target (a click opens it). */
export const ZNotificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/** GET /api/notifications/unread-count. */
export const ZUnreadCountSchema = z.object({ count: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCountSchema>;
