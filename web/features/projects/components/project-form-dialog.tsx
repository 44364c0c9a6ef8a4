import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATEGORIES, TIME_UNITS } from '@shared/constants';
import { parseFileProblem, type FileProblem, type TProject, type TProjectInput } from '@shared/schemas/project';
import { useToast } from '@web/components/toaster';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/lib/use-auth-redirect';
import { useCreateProject } from '../api/create-project';
import { useProjectFiles } from '../api/get-project-files';
import { useUpdateProject } from '../api/update-project';
import { uploadThumbnail } from '../api/upload-thumbnail';
import { useUploadProjectFiles } from '../api/upload-project-files';
import { NativeFilesField } from './native-files-field';
import {
  addPickedFiles,
  emptyProjectForm,
  projectFormFrom,
  validateProjectForm,
  withThumbnailMode,
  type FormErrors,
  type ProjectFormState,
} from './project-form';
import { ThumbnailField } from './thumbnail-field';

const TEXTS = {
  create: { title: 'Create Project', submit: 'Create Project', pending: 'Creating...', failed: 'Failed to create project. Please try again.', done: 'Project created' },
  edit: { title: 'Edit Project', submit: 'Save Changes', pending: 'Saving...', failed: 'Failed to update project. Please try again.', done: 'Project updated' },
} as const;

const serverMessage = (err: unknown) => (err instanceof ApiError ? err.serverMessage : null);

/** The Create Project and Edit Project dialogs (spec sections 2 and 5); fields reset after a save. */
export function ProjectFormDialog({ open, project, onClose }: { open: boolean; project: TProject | null; onClose: () => void }) {
  const mode = project ? 'edit' : 'create';
  const texts = TEXTS[mode];
  const { toast } = useToast();
  const redirectIfLoggedOut = useAuthRedirect();
  const [state, setState] = useState<ProjectFormState>(() => (project ? projectFormFrom(project) : emptyProjectForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const storedQuery = useProjectFiles(project && project.hostingType === 'native' ? project.id : null);
  const stored = storedQuery.data ?? [];
  const storedPaths = stored.map((f) => f.path);
  const create = useCreateProject();
  const update = useUpdateProject();
  const upload = useUploadProjectFiles();

  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'costDollars' ? { cost: undefined } : {}) }));
  };
  const text = (key: 'title' | 'description' | 'tutorialUrl' | 'projectUrl' | 'timeSpent' | 'location' | 'costDollars') => ({
    value: state[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    error: !!errors[key] || (key === 'costDollars' && !!errors.cost),
    helperText: errors[key] ?? (key === 'costDollars' ? errors.cost : undefined),
    disabled: pending,
    fullWidth: true,
  });

  const showProblem = (p: FileProblem) => toast({ title: p.title, description: p.description, variant: 'destructive' });
  const showFailure = (err: unknown, title: string) => {
    if (redirectIfLoggedOut(err)) return;
    const message = serverMessage(err);
    const problem = message ? parseFileProblem(message) : null;
    if (problem) showProblem(problem);
    else toast({ title, description: message ?? undefined, variant: 'destructive' });
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const reset = () => {
    setState(emptyProjectForm());
    setErrors({});
    setProgress(null);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validateProjectForm(state, { storedPaths });
    if (!checked.input) {
      setErrors(checked.errors);
      toast({ title: 'Error', description: checked.first, variant: 'destructive' });
      return;
    }
    let input: TProjectInput = checked.input;
    setPending(true);
    try {
      if (state.thumbnailMode === 'upload' && state.thumbnailFile) {
        try {
          const url = await uploadThumbnail(state.thumbnailFile);
          input = { ...input, thumbnail: url };
          // A retry after a later failure does not upload the image again.
          setState((s) => ({ ...s, thumbnailFile: null, uploadedThumbnail: url }));
        } catch (err) {
          if (!redirectIfLoggedOut(err)) {
            toast({
              title: 'Error',
              description: `Failed to upload thumbnail image: ${errorMessage(err, 'Please try again.')}`,
              variant: 'destructive',
            });
          }
          return;
        }
      }
      const sendsFiles = input.hostingType === 'native' && state.files.length > 0;
      if (sendsFiles) setProgress(0);
      if (!project) {
        try {
          await create.mutateAsync({ input, files: input.hostingType === 'native' ? state.files : [], onProgress: setProgress });
        } catch (err) {
          showFailure(err, sendsFiles && !(err instanceof ApiError) ? 'Failed to upload files' : texts.failed);
          return;
        }
      } else {
        try {
          await update.mutateAsync({ id: project.id, input });
        } catch (err) {
          showFailure(err, texts.failed);
          return;
        }
        if (sendsFiles) {
          try {
            await upload.mutateAsync({ id: project.id, files: state.files, onProgress: setProgress });
          } catch (err) {
            // The fields are saved; only the files failed, so the dialog stays open for another try.
            showFailure(err, 'Failed to upload files');
            return;
          }
        }
      }
      toast({ title: texts.done, variant: 'success' });
      reset();
      onClose();
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="project-dialog-title">
      <DialogTitle id="project-dialog-title">{texts.title}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="project-form" noValidate spacing={2} onSubmit={submit} aria-label={texts.title}>
          <TextField label="Title" required {...text('title')} />
          <TextField label="Description" required multiline minRows={3} {...text('description')} />
          <ThumbnailField
            mode={state.thumbnailMode}
            url={state.thumbnailUrl}
            file={state.thumbnailFile}
            uploaded={state.uploadedThumbnail}
            error={errors.thumbnail}
            disabled={pending}
            onModeChange={(m) => {
              setState((s) => withThumbnailMode(s, m));
              setErrors((er) => ({ ...er, thumbnail: undefined }));
            }}
            onUrlChange={(url) => set('thumbnailUrl', url)}
            onFileChange={(file) => set('thumbnailFile', file)}
            onProblem={showProblem}
          />
          <TextField
            select
            label="Category"
            required
            value={state.category}
            onChange={(e) => set('category', e.target.value as ProjectFormState['category'])}
            error={!!errors.category}
            helperText={errors.category}
            disabled={pending}
            fullWidth
          >
            {CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Tutorial URL" required placeholder="https://..." {...text('tutorialUrl')} />
          <FormControl disabled={pending}>
            <FormLabel id="hosting-label">Hosting</FormLabel>
            <RadioGroup
              row
              aria-labelledby="hosting-label"
              value={state.hostingType}
              onChange={(e) => {
                set('hostingType', e.target.value as ProjectFormState['hostingType']);
                setErrors((er) => ({ ...er, projectUrl: undefined, files: undefined }));
              }}
            >
              <FormControlLabel value="external" control={<Radio />} label="External site" />
              <FormControlLabel value="native" control={<Radio />} label="Host files on Buildboard" />
            </RadioGroup>
          </FormControl>
          {state.hostingType === 'external' ? (
            <TextField label="External URL" required placeholder="https://..." {...text('projectUrl')} />
          ) : (
            <NativeFilesField
              stored={stored}
              files={state.files}
              error={errors.files}
              disabled={pending}
              progress={progress}
              onPick={(picked) => {
                const added = addPickedFiles(state.files, picked, storedPaths);
                if (added.problem) showProblem(added.problem);
                else set('files', added.files);
              }}
              onRemove={(path) => set('files', state.files.filter((f) => f.path !== path))}
            />
          )}
          <Stack direction="row" spacing={2}>
            <TextField label="Time spent" type="number" slotProps={{ htmlInput: { min: 0, step: 1 } }} {...text('timeSpent')} />
            <TextField
              select
              label="Time unit"
              value={state.timeUnit}
              onChange={(e) => set('timeUnit', e.target.value as ProjectFormState['timeUnit'])}
              disabled={pending}
              fullWidth
            >
              {TIME_UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {u}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField label="Location" {...text('location')} />
            <TextField
              label="Cost (USD)"
              placeholder="0.00"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...text('costDollars')}
              helperText={errors.costDollars ?? errors.cost ?? '0 shows as Free'}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" form="project-form" variant="contained" disabled={pending}>
          {pending ? texts.pending : texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
