import { z } from '@shared/zod';
import { ZNotificationSchema, ZUnreadCountSchema } from '@shared/schemas/notification';
import type { DomainDoc } from '../registry';

export const notificationsDoc: DomainDoc = {
  tag: 'Notifications',
  description: 'My notifications (also pushed live over Socket.IO).',
  routes: [
    { method: 'get', path: '/api/notifications', summary: 'The newest 100', access: 'member', responses: { 200: { description: 'Notifications', schema: z.array(ZNotificationSchema) } } },
    { method: 'get', path: '/api/notifications/unread-count', summary: 'Unread count', access: 'member', responses: { 200: { description: 'Count', schema: ZUnreadCountSchema } } },
    { method: 'patch', path: '/api/notifications/{id}/read', summary: 'Mark read', access: 'member', params: { id: 'Notification id (integer)' }, responses: { 200: { description: 'The notification', schema: ZNotificationSchema }, 404: { description: 'Notification not found' } } },
  ],
};
