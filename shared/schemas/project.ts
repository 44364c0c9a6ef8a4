import {
  CATEGORIES,
  CATEGORY_ALIASES,
  HOSTING_TYPES,
  MAX_FILE_BYTES,
  MAX_PROJECT_FILES,
  NATIVE_FILE_EXTENSIONS,
  TIME_UNITS,
  type Category,
} from '../constants';
import { z } from '../zod';
import { ZRankingReasonSchema } from './ranking-reason';

/** A project as every read route answers it (the card and the page read the same shape), plus previewUrl for native hosting. */
export const ZProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  category: z.string(),
  projectUrl: z.string().nullable(),
  tutorialUrl: z.string(),
  timeSpent: z.number().int().nullable(),
  timeUnit: z.string(),
  location: z.string().nullable(),
  cost: z.number().int().nullable(),
  costCurrency: z.string(),
  hostingType: z.enum(['native', 'external']),
  /** Absolute or root-relative address of the hosted index.html of a native project, else null. */
  previewUrl: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  authorHandle: z.string(),
  authorAvatar: z.string().nullable(),
  authorIsPremium: z.boolean(),
  viewCount: z.number().int(),
  reactionCount: z.number().int(),
  commentCount: z.number().int(),
  saveCount: z.number().int(),
  shareCount: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  createdAt: z.string(),
  sharedBy: z.string().nullable().optional(),
  sharedByName: z.string().nullable().optional(),
  sharedAt: z.string().nullable().optional(),
  /** On More for you and Trending only: why the ranking put it there. */
  reasons: z.array(ZRankingReasonSchema).optional(),
});
export type TProject = z.infer<typeof ZProjectSchema>;

// ---------------------------------------------------------------------------------------------------
// Create and update. The same schema checks the dialog in the web and the body on the
// server, so both show the same texts.

export const PROJECT_MESSAGES = {
  required: 'Please fill out all required fields including thumbnail and Tutorial URL',
  externalUrlRequired: 'External URL is required when using external hosting',
  nativeFilesRequired: 'Please upload at least one file for native hosting',
  indexRequired: 'Please include an index.html file for native hosting',
  invalidCategory: 'Please choose a category from the list',
  invalidTutorialUrl: 'Tutorial URL must be a valid http(s) URL',
  invalidProjectUrl: 'External URL must be a valid http(s) URL',
  invalidThumbnail: 'Thumbnail must be an http(s) image URL or an uploaded image',
  invalidTimeSpent: 'Time spent must be a whole number of 0 or more',
  invalidCost: 'Cost must be a whole number of cents of 0 or more',
  invalidTimeUnit: 'Time unit must be hours, days, weeks or months',
  invalidHostingType: 'Hosting must be native or external',
  invalidCurrency: 'Cost currency must be USD',
  notFound: 'Project not found',
  filesNeedNative: 'Files can only be uploaded for native hosting',
  noFilesChosen: 'Please choose at least one file to upload',
} as const;

export const PROJECT_TITLE_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const PROJECT_LOCATION_MAX = 100;
export const PROJECT_URL_MAX = 2048;
/** Time spent and cost stay inside PostgreSQL's integer column. */
export const PROJECT_TIME_SPENT_MAX = 1_000_000;
export const PROJECT_COST_MAX = 100_000_000;

/** The canonical category of a value of either of the spec's lists (case-insensitive), else null. */
export function canonicalCategory(value: string): Category | null {
  const v = value.trim();
  const exact = CATEGORIES.find((c) => c.toLowerCase() === v.toLowerCase());
  return exact ?? CATEGORY_ALIASES[v.toLowerCase()] ?? null;
}

export function isHttpUrlString(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Root-relative addresses that POST /api/upload/image answers. */
export const UPLOADED_IMAGE_URL = /^\/uploads\/images\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
};

const requiredText = (max: number) => z.string({ error: PROJECT_MESSAGES.required }).trim().min(1, PROJECT_MESSAGES.required).max(max);

const optionalHttpUrl = (message: string) =>
  z.preprocess(
    blankToNull,
    z.string({ error: message }).trim().max(PROJECT_URL_MAX).refine(isHttpUrlString, message).nullable(),
  );

export const ZProjectInputSchema = z
  .object({
    title: requiredText(PROJECT_TITLE_MAX),
    description: requiredText(PROJECT_DESCRIPTION_MAX),
    thumbnail: requiredText(PROJECT_URL_MAX).refine(
      (v) => isHttpUrlString(v) || UPLOADED_IMAGE_URL.test(v),
      PROJECT_MESSAGES.invalidThumbnail,
    ),
    category: requiredText(200)
      .transform((v) => canonicalCategory(v) ?? v)
      .pipe(z.enum(CATEGORIES, { error: PROJECT_MESSAGES.invalidCategory })),
    tutorialUrl: requiredText(PROJECT_URL_MAX).refine(isHttpUrlString, PROJECT_MESSAGES.invalidTutorialUrl),
    projectUrl: optionalHttpUrl(PROJECT_MESSAGES.invalidProjectUrl),
    timeSpent: z.preprocess(
      numeric,
      z
        .number({ error: PROJECT_MESSAGES.invalidTimeSpent })
        .int(PROJECT_MESSAGES.invalidTimeSpent)
        .min(0, PROJECT_MESSAGES.invalidTimeSpent)
        .max(PROJECT_TIME_SPENT_MAX, PROJECT_MESSAGES.invalidTimeSpent)
        .nullable(),
    ),
    timeUnit: z.preprocess(
      (v) => blankToNull(v) ?? 'hours',
      z.enum(TIME_UNITS, { error: PROJECT_MESSAGES.invalidTimeUnit }),
    ),
    location: z.preprocess(blankToNull, z.string().trim().max(PROJECT_LOCATION_MAX).nullable()),
    cost: z.preprocess(
      numeric,
      z
        .number({ error: PROJECT_MESSAGES.invalidCost })
        .int(PROJECT_MESSAGES.invalidCost)
        .min(0, PROJECT_MESSAGES.invalidCost)
        .max(PROJECT_COST_MAX, PROJECT_MESSAGES.invalidCost)
        .nullable(),
    ),
    costCurrency: z.preprocess((v) => blankToNull(v) ?? 'USD', z.literal('USD', { error: PROJECT_MESSAGES.invalidCurrency })),
    hostingType: z.preprocess(
      (v) => blankToNull(v) ?? 'external',
      z.enum(HOSTING_TYPES, { error: PROJECT_MESSAGES.invalidHostingType }),
    ),
  })
  .superRefine((p, ctx) => {
    if (p.hostingType === 'external' && !p.projectUrl) {
      ctx.addIssue({ code: 'custom', path: ['projectUrl'], message: PROJECT_MESSAGES.externalUrlRequired });
    }
  })
  // A native project is served from its uploaded files; an external address would only confuse.
  .transform((p) => (p.hostingType === 'native' ? { ...p, projectUrl: null } : p));
export type TProjectInput = z.output<typeof ZProjectInputSchema>;

/** GET /api/projects paging. */
export const PROJECTS_PAGE_DEFAULT = 50;
export const PROJECTS_PAGE_MAX = 100;
export const PROJECTS_OFFSET_MAX = 10_000;
export const ZProjectListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PROJECTS_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${PROJECTS_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${PROJECTS_PAGE_MAX}`)
    .max(PROJECTS_PAGE_MAX, `limit must be a whole number from 1 to ${PROJECTS_PAGE_MAX}`)
    .default(PROJECTS_PAGE_DEFAULT),
  offset: z.coerce
    .number({ error: `offset must be a whole number from 0 to ${PROJECTS_OFFSET_MAX}` })
    .int(`offset must be a whole number from 0 to ${PROJECTS_OFFSET_MAX}`)
    .min(0, `offset must be a whole number from 0 to ${PROJECTS_OFFSET_MAX}`)
    .max(PROJECTS_OFFSET_MAX, `offset must be a whole number from 0 to ${PROJECTS_OFFSET_MAX}`)
    .default(0),
});
export type TProjectListQuery = z.output<typeof ZProjectListQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Native hosting files: the web checks a pick with these rules before sending it, the
// server checks names and sizes with them and then the bytes themselves.

export type NativeFileExtension = (typeof NATIVE_FILE_EXTENSIONS)[number];

/** A stored file of a native project, as the upload and file-list routes answer it. */
export const ZProjectFileSchema = z.object({ path: z.string(), size: z.number().int(), mimeType: z.string() });
export type TProjectFile = z.infer<typeof ZProjectFileSchema>;

/** The Content-Type each allowed extension is served with. */
export const NATIVE_FILE_MIME: Record<NativeFileExtension, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export const NATIVE_INDEX_PATH = 'index.html';
const NATIVE_PATH_MAX = 255;
const NATIVE_PATH_DEPTH_MAX = 8;
const SEGMENT = /^[A-Za-z0-9_\-.() @+~,]+$/;

/**
 * The stored path of an uploaded file name ("css/app.css"), or null when it is absolute, climbs out
 * with "..", uses backslashes or odd characters. Paths are case-sensitive, like URLs.
 */
export function nativeFilePath(name: string): string | null {
  if (!name || name.length > NATIVE_PATH_MAX) return null;
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return null;
  const segments = name.split('/');
  if (segments.length > NATIVE_PATH_DEPTH_MAX) return null;
  for (const s of segments) {
    if (!s || s === '.' || s === '..' || !SEGMENT.test(s) || s.trim() !== s) return null;
  }
  return segments.join('/');
}

export function nativeFileExtension(path: string): NativeFileExtension | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  const ext = path.slice(dot + 1).toLowerCase();
  return (NATIVE_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as NativeFileExtension) : null;
}

/** A refused upload: the toast title and its text (the server answers them as one message "title: text"). */
export type FileProblem = { title: string; description: string };

export const FILE_PROBLEM_TITLES = {
  invalidName: 'Invalid file name',
  invalidType: 'Invalid file type',
  tooLarge: 'File too large',
  tooMany: 'Too many files',
} as const;

export const fileProblems = {
  invalidName: (name: string): FileProblem => ({
    title: FILE_PROBLEM_TITLES.invalidName,
    description: `${name} is not a valid relative file path`,
  }),
  invalidType: (name: string): FileProblem => ({
    title: FILE_PROBLEM_TITLES.invalidType,
    description: `${name} is not an allowed file type (${NATIVE_FILE_EXTENSIONS.join(', ')})`,
  }),
  tooLarge: (name: string): FileProblem => ({
    title: FILE_PROBLEM_TITLES.tooLarge,
    description: `${name} is larger than ${MAX_FILE_BYTES / (1024 * 1024)}MB`,
  }),
  tooMany: (): FileProblem => ({
    title: FILE_PROBLEM_TITLES.tooMany,
    description: `Maximum ${MAX_PROJECT_FILES} files allowed per project`,
  }),
};

export function fileProblemMessage(p: FileProblem): string {
  return `${p.title}: ${p.description}`;
}

/** Splits a server message "File too large: a.png is larger than 5MB" back into a title and a text. */
export function parseFileProblem(message: string): FileProblem | null {
  for (const title of Object.values(FILE_PROBLEM_TITLES)) {
    if (message.startsWith(`${title}: `)) return { title, description: message.slice(title.length + 2) };
  }
  return null;
}

/**
 * The first problem of a set of files by name and size, counting the paths already stored for the
 * project (a file with a stored path replaces it and does not count twice).
 */
export function checkNativeFiles(
  files: readonly { name: string; size: number }[],
  storedPaths: Iterable<string> = [],
): FileProblem | null {
  const paths = new Set(storedPaths);
  for (const f of files) {
    const path = nativeFilePath(f.name);
    if (!path) return fileProblems.invalidName(f.name);
    if (!nativeFileExtension(path)) return fileProblems.invalidType(f.name);
    if (f.size > MAX_FILE_BYTES) return fileProblems.tooLarge(f.name);
    paths.add(path);
  }
  if (paths.size > MAX_PROJECT_FILES) return fileProblems.tooMany();
  return null;
}
