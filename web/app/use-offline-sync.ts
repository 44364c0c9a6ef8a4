// The offline sync the signed-in shell runs: the outbox sent whenever the network is back, drafts and
// the member's lists replicated, each outcome told in a toast.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushWrites } from '@web/api/writes/send-write';
import { useToast } from '@web/components/toaster';
import { DRAFT_TEXTS, draftConflicts$, startDraftSync } from '@web/offline/drafts';
import { startReplicas } from '@web/offline/replicas';
import { OFFLINE_TEXTS, useOnlineStatus } from '@web/offline/online-status';

/** Sends the outbox at start and whenever the network returns; says what happened in a toast. */
export function useOutboxSender(): void {
  const qc = useQueryClient();
  const { toast } = useToast();
  const online = useOnlineStatus();
  useEffect(() => {
    if (!online) return;
    void flushWrites(qc).then(({ sent, failed }) => {
      for (const f of failed) toast({ title: OFFLINE_TEXTS.writeFailed, description: `${f.label}: ${f.message}`, variant: 'destructive' });
      if (sent > 0 && failed.length === 0) toast({ title: OFFLINE_TEXTS.queueSent, description: OFFLINE_TEXTS.queueSentDetail(sent), variant: 'success' });
    });
  }, [online, qc, toast]);
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
