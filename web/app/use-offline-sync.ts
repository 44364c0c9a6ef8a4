import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@web/components/toaster';
import { DRAFT_TEXTS, draftConflicts$, startDraftSync, watchDrafts } from './drafts';
import type { DraftDoc, OutboxDoc } from './local-store';
import { flushOutbox, watchOutbox } from './outbox';
import { startReplicas } from './replicas';
import { OFFLINE_TEXTS, useOnlineStatus } from './online-status';

/** Sends the outbox at start and whenever the network returns; says what happened in a toast. */
export function useOutboxSender(): void {
  const qc = useQueryClient();
  const { toast } = useToast();
  const online = useOnlineStatus();
  useEffect(() => {
    if (!online) return;
    void flushOutbox(qc).then(({ sent, failed }) => {
      for (const f of failed) toast({ title: OFFLINE_TEXTS.writeFailed, description: `${f.label}: ${f.message}`, variant: 'destructive' });
      if (sent > 0 && failed.length === 0) toast({ title: OFFLINE_TEXTS.queueSent, description: OFFLINE_TEXTS.queueSentDetail(sent), variant: 'success' });
    });
  }, [online, qc, toast]);
}

/** The latest value of a local-store query, kept current while the component is mounted. */
function useWatched<T>(watch: (onChange: (value: T) => void) => Promise<() => void>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void watch(setValue).then((s) => (cancelled ? s() : (stop = s)));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [watch]);
  return value;
}

const NONE: never[] = [];

/** The queued writes, for pending marks; filter by url to mark one action. */
export function usePendingWrites(): OutboxDoc[] {
  return useWatched<OutboxDoc[]>(watchOutbox, NONE);
}

/** The member's unpublished drafts, newest edit first, as they change locally or by sync. */
export function useDrafts(): DraftDoc[] {
  return useWatched<DraftDoc[]>(watchDrafts, NONE);
}

/**
 * Replicates drafts (both ways) and the member's notifications, saved and own projects (pulled) while
 * signed in, and tells the creator when two devices edited one draft.
 */
export function useDraftSync(): void {
  const { toast } = useToast();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopReplicas: (() => void) | undefined;
    let cancelled = false;
    void startDraftSync().then((s) => (cancelled ? s() : (stop = s)));
    void startReplicas().then((s) => (cancelled ? s() : (stopReplicas = s)));
    const sub = draftConflicts$.subscribe(({ keptMine }) =>
      toast({ title: DRAFT_TEXTS.conflictTitle, description: keptMine ? DRAFT_TEXTS.conflictKeptMine : DRAFT_TEXTS.conflictKeptTheirs }),
    );
    return () => {
      cancelled = true;
      stop?.();
      stopReplicas?.();
      sub.unsubscribe();
    };
  }, [toast]);
}
