import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useCreateProject } from '@web/api/projects/create-project';
import { useProjectFiles } from '@web/api/projects/get-project-files';
import { useUpdateProject } from '@web/api/projects/update-project';
import { uploadImage } from '@web/api/uploads/upload-image';
import { NativeFilesField } from './native-files-field';
import {
  addPickedFiles,
  draftDataFrom,
  emptyProjectForm,
  projectFormFrom,
  projectFormFromDraft,
  projectFormResolver,
  withThumbnailMode,
  type FieldKey,
  type FormErrors,
  type ProjectFormContext,
  type ProjectFormState,
} from './project-form';
import { ThumbnailField } from './thumbnail-field';
import { useFileUploads } from './use-file-uploads';
import { DRAFT_TEXTS, draftFiles, removeDraft, saveDraft } from '@web/offline/drafts';
import type { DraftDoc } from '@web/offline/local-store';

const TEXTS = {
  create: { title: 'Create Project', submit: 'Create Project', pending: 'Creating...', failed: 'Failed to create project. Please try again.', done: 'Project created' },
  edit: { title: 'Edit Project', submit: 'Save Changes', pending: 'Saving...', failed: 'Failed to update project. Please try again.', done: 'Project updated' },
} as const;

const serverMessage = (err: unknown) => (err instanceof ApiError ? err.serverMessage : null);

/** The Create Project and Edit Project dialogs; fields reset after a save. */
export function ProjectFormDialog({
  open,
  project,
  draft = null,
  onClose,
}: {
  open: boolean;
  project: TProject | null;
  /** A draft to continue (create mode): Save draft updates it, creating the project removes it. */
  draft?: DraftDoc | null;
  onClose: () => void;
}) {
  const mode = project ? 'edit' : 'create';
  const texts = TEXTS[mode];
  const { toast } = useToast();
  const redirectIfLoggedOut = useAuthRedirect();
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const storedQuery = useProjectFiles(project && project.hostingType === 'native' ? project.id : null);
  const stored = storedQuery.data ?? [];
  const storedPaths = stored.map((f) => f.path);
  // The form's values and errors live in react-hook-form; the shared schema checks them (resolver).
  const form = useForm<ProjectFormState, ProjectFormContext, TProjectInput>({
    defaultValues: project ? projectFormFrom(project) : draft ? projectFormFromDraft(draft.data) : emptyProjectForm(),
    resolver: projectFormResolver,
    context: { storedPaths },
    reValidateMode: 'onSubmit',
  });
  const state = form.watch();
  const errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([key, error]) => [key, (error as { message?: string } | undefined)?.message]),
  ) as FormErrors;
  const clearErrors = (...keys: FieldKey[]) => form.clearErrors(keys as (keyof ProjectFormState)[]);
  const create = useCreateProject();
  const update = useUpdateProject();
  const fileUploads = useFileUploads();

  // A draft's native files were kept on this device with it: they come back with the draft.
  const draftId = draft?.id ?? null;
  useEffect(() => {
    if (!open || !draftId) return;
    let current = true;
    void draftFiles(draftId).then((files) => {
      if (current && files.length > 0) form.setValue('files', files);
    });
    return () => {
      current = false;
    };
  }, [open, draftId, form]);

  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) => {
    form.setValue(key as never, value as never);
    clearErrors(key as FieldKey, ...(key === 'costDollars' ? (['cost'] as const) : []));
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

  // A draft keeps what is typed so far, on this device first (offline too), then on every device.
  async function keepDraft() {
    try {
      await saveDraft(draft?.id ?? null, draftDataFrom(state), state.files);
      toast({ title: DRAFT_TEXTS.saved, description: DRAFT_TEXTS.savedDetail, variant: 'success' });
      reset();
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    }
  }

  const reset = () => {
    form.reset(emptyProjectForm());
    setProgress(null);
    fileUploads.reset();
  };

  const submit = form.handleSubmit(save, (invalid) => {
    toast({ title: 'Error', description: invalid.root?.message, variant: 'destructive' });
  });

  async function save(checked: TProjectInput) {
    let input: TProjectInput = checked;
    setPending(true);
    try {
      if (state.thumbnailMode === 'upload' && state.thumbnailFile) {
        try {
          const { url } = await uploadImage(state.thumbnailFile);
          input = { ...input, thumbnail: url };
          // A retry after a later failure does not upload the image again.
          form.setValue('thumbnailFile', null);
          form.setValue('uploadedThumbnail', url);
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
          const files = input.hostingType === 'native' ? state.files : [];
          if (files.length > 0) fileUploads.trackCombined(files, 0);
          await create.mutateAsync({
            input,
            files,
            onProgress: (fraction) => {
              setProgress(fraction);
              fileUploads.trackCombined(files, fraction);
            },
          });
        } catch (err) {
          fileUploads.reset();
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
          // One request per file: the fields are saved and the files that made it are stored; the
          // dialog stays open with the failed ones, each with its error and a Retry of its own.
          const failed = await fileUploads.uploadEach(project.id, state.files, setProgress);
          set('files', failed.map((f) => f.file));
          if (failed.length > 0) {
            toast({ title: 'Failed to upload files', description: failed[0]!.error, variant: 'destructive' });
            return;
          }
        }
      }
      toast({ title: texts.done, variant: 'success' });
      if (draft) await removeDraft(draft.id);
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
              const next = withThumbnailMode(form.getValues(), m);
              form.setValue('thumbnailMode', next.thumbnailMode);
              form.setValue('thumbnailFile', next.thumbnailFile);
              form.setValue('uploadedThumbnail', next.uploadedThumbnail);
              form.setValue('thumbnailUrl', next.thumbnailUrl);
              clearErrors('thumbnail');
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
                clearErrors('projectUrl', 'files');
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
              uploads={fileUploads.uploads}
              onRetry={
                project
                  ? (path) => {
                      const file = state.files.find((f) => f.path === path);
                      if (!file) return;
                      setPending(true);
                      void fileUploads.retry(project.id, file).then((ok) => {
                        setPending(false);
                        if (ok) set('files', form.getValues('files').filter((f) => f.path !== path));
                      });
                    }
                  : undefined
              }
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
        {!project && (
          <Button onClick={() => void keepDraft()} disabled={pending}>
            Save draft
          </Button>
        )}
        <Button type="submit" form="project-form" variant="contained" disabled={pending}>
          {pending ? texts.pending : texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
