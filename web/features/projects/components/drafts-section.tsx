import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatRelative } from '@shared/format';
import { myProjectsQueryKey } from '@web/lib/query-keys';
import { PendingMark } from '@web/components/pending-mark';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { publishDraft } from '@web/api/drafts/publish-draft';
import { useDrafts } from '@web/api/drafts/use-drafts';
import { usePendingPublishes } from '@web/api/writes/pending-writes';
import { isQueued } from '@web/api/writes/send-write';
import { DRAFT_TEXTS, draftFileCounts, removeDraft } from '@web/offline/drafts';
import type { DraftDoc } from '@web/offline/local-store';
import { FolderLinkPanel } from '@web/components/folder-link-panel';
import { moveFolderLink } from '@web/offline/folder-links';
import Box from '@mui/material/Box';

/** Drafts in My Projects: continue one in the dialog, publish it (once, even offline) or delete it. */
export function DraftsSection({ onContinue }: { onContinue: (draft: DraftDoc) => void }) {
  const drafts = useDrafts();
  const pending = usePendingPublishes();
  const { toast } = useToast();
  const qc = useQueryClient();
  // How many native files each draft keeps on this device (they go with it when it is published).
  const [fileCounts, setFileCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    let current = true;
    void draftFileCounts().then((counts) => {
      if (current) setFileCounts(counts);
    });
    return () => {
      current = false;
    };
  }, [drafts]);
  if (drafts.length === 0) return null;

  const publish = async (d: DraftDoc) => {
    try {
      const answer = await publishDraft(d.id);
      if (isQueued(answer)) return toast({ title: DRAFT_TEXTS.publishQueued });
      // A draft that followed a folder goes on following it as the published project.
      if (answer) moveFolderLink(`draft:${d.id}`, `project:${answer.id}`);
      toast({ title: DRAFT_TEXTS.published, description: answer?.title, variant: 'success' });
      await qc.invalidateQueries({ queryKey: myProjectsQueryKey });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to create project. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="drafts-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="drafts-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Drafts ({drafts.length})
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {drafts.map((d) => {
          const title = typeof d.data.title === 'string' && d.data.title.trim() ? d.data.title : DRAFT_TEXTS.untitled;
          return (
            <Stack key={d.id} component="li" direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="draft">
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>{title}</Typography>
              {(fileCounts[d.id] ?? 0) > 0 && (
                <Typography variant="caption" color="textSecondary" data-testid="draft-files">
                  {DRAFT_TEXTS.filesOnDevice(fileCounts[d.id]!)}
                </Typography>
              )}
              <Typography variant="caption" color="textSecondary">{`Edited ${formatRelative(d.updatedAt)} ago`}</Typography>
              {pending.has(d.id) && <PendingMark what={`Publish ${title}`} />}
              <Button size="small" onClick={() => onContinue(d)} aria-label={`Continue ${title}`}>
                Continue
              </Button>
              <Button size="small" variant="contained" onClick={() => void publish(d)} aria-label={`Publish ${title}`}>
                Publish
              </Button>
              <Button size="small" color="error" onClick={() => void removeDraft(d.id)} aria-label={`Delete draft ${title}`}>
                Delete
              </Button>
              <Box sx={{ flexBasis: '100%' }}>
                <FolderLinkPanel target={`draft:${d.id}`} label={title} />
              </Box>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
