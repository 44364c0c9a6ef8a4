import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type TNotificationKind } from '@shared/schemas/notification-settings';
import { isUuid } from '@shared/uuid';

/**
 * The token of a mail's one-click unsubscribe link: the member and the kind of mail, signed. It needs
 * no sign-in and stops only that kind, so it never expires and unlocks nothing else.
 */
export class UnsubscribeTokens {
  constructor(private readonly key: Buffer) {}

  static fromSessionSecret(secret: string): UnsubscribeTokens {
    return new UnsubscribeTokens(createHmac('sha256', secret).update('buildboard unsubscribe links').digest());
  }

  private sign(userId: string, kind: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${kind}`).digest('base64url');
  }

  tokenOf(userId: string, kind: TNotificationKind): string {
    return `${userId}.${kind}.${this.sign(userId, kind)}`;
  }

  /** The member and kind a token names, or null when it is not one of ours. */
  read(token: unknown): { userId: string; kind: TNotificationKind } | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const [userId, kind, signature] = token.split('.');
    if (!userId || !kind || !signature || !isUuid(userId) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
    const expected = Buffer.from(this.sign(userId, kind));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { userId, kind: kind as TNotificationKind };
  }
}
