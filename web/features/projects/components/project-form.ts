import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Category } from '@shared/constants';
import {
  canonicalCategory,
  checkNativeFiles,
  NATIVE_INDEX_PATH,
  nativeFilePath,
  PROJECT_MESSAGES,
  ZProjectInputSchema,
  type FileProblem,
  type TProject,
  type TProjectInput,
} from '@shared/schemas/project';
import type { TDraftData } from '@shared/schemas/sync';
import type { PickedFile } from '@web/lib/native-file-form';

export type ThumbnailMode = 'url' | 'upload';

/** What the dialog edits: text as typed, cost in dollars as typed. */
export type ProjectFormState = {
  title: string;
  description: string;
  category: Category | '';
  tutorialUrl: string;
  projectUrl: string;
  hostingType: 'external' | 'native';
  timeSpent: string;
  timeUnit: 'hours' | 'days' | 'weeks' | 'months';
  location: string;
  costDollars: string;
  thumbnailMode: ThumbnailMode;
  thumbnailUrl: string;
  /** An image uploaded earlier (edit), kept unless the source changes. */
  uploadedThumbnail: string;
  thumbnailFile: File | null;
  files: PickedFile[];
};

export type FieldKey = keyof TProjectInput | 'files' | 'costDollars';
export type FormErrors = Partial<Record<FieldKey, string>>;

const COST_MESSAGE = 'Cost must be 0 or more, in dollars with up to 2 decimals';

export function emptyProjectForm(): ProjectFormState {
  return {
    title: '',
    description: '',
    category: '',
    tutorialUrl: '',
    projectUrl: '',
    hostingType: 'external',
    timeSpent: '',
    timeUnit: 'hours',
    location: '',
    costDollars: '',
    thumbnailMode: 'url',
    thumbnailUrl: '',
    uploadedThumbnail: '',
    thumbnailFile: null,
    files: [],
  };
}

export function projectFormFrom(p: TProject): ProjectFormState {
  const uploaded = p.thumbnail.startsWith('/uploads/');
  return {
    ...emptyProjectForm(),
    title: p.title,
    description: p.description,
    category: canonicalCategory(p.category) ?? '',
    tutorialUrl: p.tutorialUrl,
    projectUrl: p.projectUrl ?? '',
    hostingType: p.hostingType,
    timeSpent: p.timeSpent === null ? '' : String(p.timeSpent),
    timeUnit: (['hours', 'days', 'weeks', 'months'] as const).find((u) => u === p.timeUnit) ?? 'hours',
    location: p.location ?? '',
    costDollars: p.cost === null ? '' : (p.cost / 100).toFixed(2),
    thumbnailMode: uploaded ? 'upload' : 'url',
    thumbnailUrl: uploaded ? '' : p.thumbnail,
    uploadedThumbnail: uploaded ? p.thumbnail : '',
  };
}

/** Choosing the thumbnail source clears the other one: a project has one thumbnail. */
export function withThumbnailMode(s: ProjectFormState, mode: ThumbnailMode): ProjectFormState {
  if (mode === s.thumbnailMode) return s;
  return mode === 'url'
    ? { ...s, thumbnailMode: mode, thumbnailFile: null, uploadedThumbnail: '' }
    : { ...s, thumbnailMode: mode, thumbnailUrl: '' };
}

/** Dollars as typed to integer cents; '' is no cost, anything else unreadable is null. */
export function dollarsToCents(text: string): number | null | 'invalid' {
  const t = text.trim().replace(/^\$/, '');
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'invalid';
  return Math.round(Number(t) * 100);
}

/** A stand-in that passes the thumbnail check while the chosen file is not uploaded yet. */
const PENDING_UPLOAD = `/uploads/images/${'0'.repeat(32)}.png`;

type Validated = { input: TProjectInput; errors: null } | { input: null; errors: FormErrors; first: string };

/**
 * Checks the form with the shared schema (the same texts as the server) plus the dialog's own rules:
 * native hosting needs files on create (and an index.html among them).
 */
export function validateProjectForm(s: ProjectFormState, opts: { storedPaths: readonly string[] }): Validated {
  const errors: FormErrors = {};
  const cents = dollarsToCents(s.costDollars);
  if (cents === 'invalid') errors.costDollars = COST_MESSAGE;
  const thumbnail =
    s.thumbnailMode === 'url' ? s.thumbnailUrl : s.thumbnailFile ? PENDING_UPLOAD : s.uploadedThumbnail;
  const parsed = ZProjectInputSchema.safeParse({
    title: s.title,
    description: s.description,
    thumbnail,
    category: s.category,
    tutorialUrl: s.tutorialUrl,
    projectUrl: s.projectUrl,
    hostingType: s.hostingType,
    timeSpent: s.timeSpent,
    timeUnit: s.timeUnit,
    location: s.location,
    cost: cents === 'invalid' ? null : cents,
    costCurrency: 'USD',
  });
  const order: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'title') as FieldKey;
      errors[key] ??= issue.message;
      order.push(issue.message);
    }
  }
  if (s.hostingType === 'native') {
    const paths = new Set([...opts.storedPaths, ...s.files.map((f) => f.path)]);
    if (paths.size === 0) errors.files = PROJECT_MESSAGES.nativeFilesRequired;
    else if (!paths.has(NATIVE_INDEX_PATH)) errors.files = PROJECT_MESSAGES.indexRequired;
    if (errors.files) order.push(errors.files);
  }
  if (errors.costDollars) order.push(errors.costDollars);
  if (!parsed.success || Object.keys(errors).length > 0) return { input: null, errors, first: order[0]! };
  return { input: parsed.data, errors: null };
}

/** The relative path a picked file is stored under: its place inside a picked folder, else its name. */
export function pickedPath(file: File): string {
  const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
  if (rel && rel.includes('/')) return rel.split('/').slice(1).join('/');
  return file.name;
}

/**
 * Adds picked files to the selection (a new pick of a path replaces the earlier one), or answers the
 * first problem, counting the files already stored for the project.
 */
export function addPickedFiles(
  current: readonly PickedFile[],
  picked: readonly File[],
  storedPaths: readonly string[],
): { files: PickedFile[]; problem: null } | { files: null; problem: FileProblem } {
  const incoming = picked.map((file) => ({ file, path: pickedPath(file) }));
  const problem = checkNativeFiles(
    incoming.map((f) => ({ name: f.path, size: f.file.size })),
    [...storedPaths, ...current.map((f) => f.path)],
  );
  if (problem) return { files: null, problem };
  const byPath = new Map(current.map((f) => [f.path, f]));
  for (const f of incoming) byPath.set(nativeFilePath(f.path)!, { ...f, path: nativeFilePath(f.path)! });
  return { files: [...byPath.values()], problem: null };
}

/** What a draft keeps of the form everywhere: the typed text (an uploaded thumbnail by its address); its native files stay on this device (web/offline/draft-files.ts). */
export function draftDataFrom(s: ProjectFormState): TDraftData {
  const cents = dollarsToCents(s.costDollars);
  return {
    title: s.title,
    description: s.description,
    thumbnail: s.thumbnailMode === 'url' ? s.thumbnailUrl : s.uploadedThumbnail,
    category: s.category,
    tutorialUrl: s.tutorialUrl,
    projectUrl: s.projectUrl || null,
    hostingType: s.hostingType,
    timeSpent: s.timeSpent || null,
    timeUnit: s.timeUnit,
    location: s.location || null,
    cost: cents === 'invalid' ? s.costDollars : cents,
    costCurrency: 'USD',
  };
}

export function projectFormFromDraft(d: Record<string, unknown>): ProjectFormState {
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const thumbnail = str(d.thumbnail);
  const uploaded = thumbnail.startsWith('/uploads/');
  return {
    ...emptyProjectForm(),
    title: str(d.title),
    description: str(d.description),
    category: canonicalCategory(str(d.category)) ?? '',
    tutorialUrl: str(d.tutorialUrl),
    projectUrl: str(d.projectUrl),
    hostingType: d.hostingType === 'native' ? 'native' : 'external',
    timeSpent: str(d.timeSpent),
    timeUnit: (['hours', 'days', 'weeks', 'months'] as const).find((u) => u === d.timeUnit) ?? 'hours',
    location: str(d.location),
    costDollars: typeof d.cost === 'number' ? (d.cost / 100).toFixed(2) : str(d.cost),
    thumbnailMode: uploaded ? 'upload' : 'url',
    thumbnailUrl: uploaded ? '' : thumbnail,
    uploadedThumbnail: uploaded ? thumbnail : '',
  };
}
/** The context the project form's resolver needs: the files a native project already has. */
export type ProjectFormContext = { storedPaths: readonly string[] };

/**
 * react-hook-form's resolver for the dialog: the shared ZProjectInputSchema (inside validateProjectForm)
 * plus the dialog's own rules. Errors are keyed like the schema (thumbnail, cost...); the first message
 * in the spec's order rides on `root` for the error toast.
 */
export const projectFormResolver: Resolver<ProjectFormState, ProjectFormContext, TProjectInput> = (values, context) => {
  const checked = validateProjectForm(values, { storedPaths: context?.storedPaths ?? [] });
  if (checked.input) return { values: checked.input, errors: {} };
  const errors: Record<string, { type: string; message: string }> = { root: { type: 'validate', message: checked.first } };
  for (const [key, message] of Object.entries(checked.errors)) if (message) errors[key] = { type: 'validate', message };
  return { values: {}, errors: errors as FieldErrors<ProjectFormState> };
};
