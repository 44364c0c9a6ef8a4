import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, CHANGE_SERVER_LABEL } from './menu';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const changeServerItem = (template: MenuItemConstructorOptions[]) =>
  (template.find((m) => m.label === 'File')?.submenu as MenuItemConstructorOptions[]).find((i) => i.label === CHANGE_SERVER_LABEL);

describe('application menu', () => {
  it('when File > Change Server... is clicked, then the server is forgotten', () => {
    const onChange = vi.fn();
    const item = changeServerItem(buildMenuTemplate('linux', onChange));
    (item?.click as () => void)();
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('when on macOS, then the app menu comes first; elsewhere not', () => {
    expect(buildMenuTemplate('darwin', () => {})[0]).toEqual({ role: 'appMenu' });
    expect(buildMenuTemplate('win32', () => {}).map((m) => m.role ?? m.label)).toEqual(['File', 'editMenu', 'viewMenu', 'windowMenu']);
  });
});
