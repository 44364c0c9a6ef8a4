import { sendWrite } from '../writes/send-write';

/** Publishes once (the draft id is the server's key); offline, the publish waits in the outbox. */
export const publishDraft = (draftId: string) => sendWrite<{ id: number; title: string }>({ kind: 'publish-draft', draftId });
