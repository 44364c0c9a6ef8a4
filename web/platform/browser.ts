// The platform in a plain browser tab, on web APIs only.
import { checkPickedFiles, isHttpUrl } from '@shared/desktop/desktop-api';
import type { Platform, PickFilesOptions } from './platform';

async function openExternal(url: string): Promise<void> {
  if (!isHttpUrl(url)) throw new Error('Only http(s) links can be opened.');
  // noopener: the opened page gets no handle on this tab.
  window.open(url, '_blank', 'noopener,noreferrer');
}

async function notify(title: string, body: string): Promise<void> {
  if (typeof Notification === 'undefined') return;
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'granted') new Notification(title, { body });
}

function pickFiles(options: PickFilesOptions = {}): Promise<File[]> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = options.multiple ?? false;
    if (options.accept?.length) input.accept = options.accept.map((ext) => `.${ext}`).join(',');
    input.style.display = 'none';

    input.addEventListener(
      'change',
      () => {
        const files = Array.from(input.files ?? []);
        input.remove();
        // `accept` is only a hint to the browser's dialog, so the rules are checked here too.
        const problem = checkPickedFiles(files, options);
        if (problem) reject(new Error(problem));
        else resolve(files);
      },
      { once: true },
    );
    input.addEventListener(
      'cancel',
      () => {
        input.remove();
        resolve([]);
      },
      { once: true },
    );

    // Some browsers only open the dialog for inputs that are in the document.
    document.body.append(input);
    input.click();
  });
}

export const browserPlatform: Platform = { isDesktop: false, openExternal, notify, pickFiles };
