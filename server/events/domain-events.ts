import type { RealtimeNotification } from '@shared/realtime/events';
import type { TSyncCollection } from '@shared/sync-texts';
import type { Logger } from '../logger';

/** Writes that other members should see; the notifications module (and later realtime) listen. */
export type DomainEvents = {
  'user:followed': { followerId: string; followingId: string };
  'project:created': { actorId: string; projectId: number };
  'project:updated': { actorId: string; projectId: number };
  'project:liked': { actorId: string; projectId: number };
  'project:commented': { actorId: string; projectId: number; commentId: number };
  'project:rated': { actorId: string; projectId: number; rating: number };
  'project:shared': { actorId: string; projectId: number };
  /** An account was suspended or deleted: its sessions are destroyed and its sockets disconnected. */
  'user:access-revoked': { userId: string };
  /** A notification was stored for userId; realtime pushes it to their open sessions. */
  'notification:created': { userId: string; notification: RealtimeNotification };
  /** A member's synced collection changed: their open clients pull it (realtime signals them). */
  'sync:changed': { userId: string; collection: TSyncCollection };
};
export type DomainEventName = keyof DomainEvents;
/** One event with its payload, e.g. to replay a list of them. */
export type AnyDomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];
type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void> | void;

/**
 * In-process event bus. emit() waits for the handlers so an answer is sent after its side effects
 * are stored; a failing handler is logged and never fails the write that emitted the event.
 */
export class EventBus {
  private handlers = new Map<DomainEventName, Handler<never>[]>();

  constructor(private readonly logger: Logger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(name, list);
  }

  /** Emits an event held as data (name and payload together). */
  emitEvent(event: AnyDomainEvent): Promise<void> {
    return this.emit(event.name, event.payload as DomainEvents[typeof event.name]);
  }

  async emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of (this.handlers.get(name) ?? []) as Handler<K>[]) {
      try {
        await handler(payload);
      } catch (err) {
        this.logger.error({ err, event: name }, 'event handler failed');
      }
    }
  }
}
