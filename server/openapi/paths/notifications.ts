import { z } from '@shared/zod';
import { ZNotificationSchema, ZUnreadCountSchema } from '@shared/schemas/notification';
import { ZNotificationSettingsSchema, ZNotificationSettingsUpdateSchema } from '@shared/schemas/notification-settings';
import type { DomainDoc } from '../registry';

export const notificationsDoc: DomainDoc = {
  tag: 'Notifications',
  description: 'My notifications (also pushed live over Socket.IO).',
  routes: [
    { method: 'get', path: '/api/notifications', summary: 'The newest 100', access: 'member', responses: { 200: { description: 'Notifications', schema: z.array(ZNotificationSchema) } } },
    { method: 'get', path: '/api/notifications/unread-count', summary: 'Unread count', access: 'member', responses: { 200: { description: 'Count', schema: ZUnreadCountSchema } } },
    { method: 'get', path: '/api/notification-settings', summary: 'My notification settings: a channel per kind (app, email, digest, off)', access: 'member', responses: { 200: { description: 'Settings', schema: ZNotificationSettingsSchema } } },
    { method: 'put', path: '/api/notification-settings', summary: 'Change the channel of some kinds (the others stay)', access: 'member', body: ZNotificationSettingsUpdateSchema, responses: { 200: { description: 'All settings after the change', schema: ZNotificationSettingsSchema } } },
    { method: 'get', path: '/api/unsubscribe', summary: "A notification mail's unsubscribe link opened in a browser: a confirm page (changes nothing)", access: 'visitor', query: z.object({ token: z.string() }), responses: { 200: { description: 'Confirm page (HTML)', contentType: 'text/html' }, 400: { description: 'Not a valid link (HTML)', contentType: 'text/html' } } },
    { method: 'post', path: '/api/unsubscribe', summary: 'One-click unsubscribe (RFC 8058): that kind of mail stops, without signing in', access: 'visitor', query: z.object({ token: z.string().optional() }), body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional(), token: z.string().optional() }), responses: { 200: { description: 'Unsubscribed (HTML)', contentType: 'text/html' }, 400: { description: 'Not a valid link (HTML)', contentType: 'text/html' } } },
    { method: 'patch', path: '/api/notifications/{id}/read', summary: 'Mark read', access: 'member', params: { id: 'Notification id (integer)' }, responses: { 200: { description: 'The notification', schema: ZNotificationSchema }, 404: { description: 'Notification not found' } } },
  ],
};
