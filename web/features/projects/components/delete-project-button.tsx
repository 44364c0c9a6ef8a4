import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { TProject } from '@shared/schemas/project';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useDeleteProject } from '@web/api/projects/delete-project';

/** Delete with a confirmation: the project, its files and everything hanging off it go for good. */
export function DeleteProjectButton({ project }: { project: TProject }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteProject();
  const { toast } = useToast();
  const redirectIfLoggedOut = useAuthRedirect();

  const confirm = () =>
    del.mutate(project.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Project deleted', variant: 'success' });
      },
      onError: (err) => {
        if (redirectIfLoggedOut(err)) return;
        toast({
          title: 'Failed to delete project. Please try again.',
          description: errorMessage(err, '') || undefined,
          variant: 'destructive',
        });
      },
    });

  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} aria-label={`Delete ${project.title}`}>
        Delete
      </Button>
      <Dialog open={open} onClose={() => !del.isPending && setOpen(false)} aria-labelledby={`delete-${project.id}-title`}>
        <DialogTitle id={`delete-${project.id}-title`}>Delete project?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            &ldquo;{project.title}&rdquo; will be deleted for good, with its files, comments, likes, saves, ratings and shares.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={del.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
