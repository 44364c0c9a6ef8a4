// Argument checks for IPC handlers. Renderer input is untrusted: anything unexpected throws,
// and the error reaches the page as a rejected promise.
import {
  ACCEPT_EXTENSION_PATTERN,
  NOTIFY_BODY_MAX,
  NOTIFY_TITLE_MAX,
  isHttpUrl,
  type NotifyInput,
  type PickFilesOptions,
} from '../../shared/desktop/desktop-api';

const URL_MAX = 2048;
const ACCEPT_MAX = 50;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], what: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw new TypeError(`${what}: unknown field "${extra}"`);
}

/** The arguments of one call, when their count is within [min, max]. */
export function expectArgs(args: unknown[], min: number, max = min): unknown[] {
  if (args.length < min || args.length > max) {
    throw new TypeError(`expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${args.length}`);
  }
  return args;
}

export function parseExternalUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > URL_MAX || !isHttpUrl(value)) {
    throw new TypeError('openExternal: expected an http(s) URL');
  }
  return new URL(value).href;
}

export function parseNotifyInput(value: unknown): NotifyInput {
  if (!isPlainObject(value)) throw new TypeError('notify: expected { title, body }');
  checkKeys(value, ['title', 'body'], 'notify');
  const { title, body } = value;
  if (typeof title !== 'string' || title.trim() === '' || title.length > NOTIFY_TITLE_MAX) {
    throw new TypeError(`notify: title must be 1 to ${NOTIFY_TITLE_MAX} characters`);
  }
  if (typeof body !== 'string' || body.length > NOTIFY_BODY_MAX) {
    throw new TypeError(`notify: body must be at most ${NOTIFY_BODY_MAX} characters`);
  }
  return { title, body };
}

export type ValidPickFilesOptions = { accept: string[]; multiple: boolean };

export function parsePickFilesOptions(value: unknown): ValidPickFilesOptions {
  if (value === undefined) return { accept: [], multiple: false };
  if (!isPlainObject(value)) throw new TypeError('pickFiles: expected { accept?, multiple? }');
  checkKeys(value, ['accept', 'multiple'], 'pickFiles');
  const { accept = [], multiple = false } = value as PickFilesOptions & Record<string, unknown>;
  if (typeof multiple !== 'boolean') throw new TypeError('pickFiles: multiple must be a boolean');
  if (
    !Array.isArray(accept) ||
    accept.length > ACCEPT_MAX ||
    !accept.every((ext) => typeof ext === 'string' && ACCEPT_EXTENSION_PATTERN.test(ext))
  ) {
    throw new TypeError('pickFiles: accept must be a list of extensions without dots, like ["png"]');
  }
  return { accept: [...new Set(accept.map((ext: string) => ext.toLowerCase()))], multiple };
}
