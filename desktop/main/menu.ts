// The application menu: the platform's standard menus plus File > 'Change Server...', which forgets
// the saved server address and starts the app again on the first-run screen.
import { Menu, type MenuItemConstructorOptions } from 'electron';

export const CHANGE_SERVER_LABEL = 'Change Server...';

export function buildMenuTemplate(platform: NodeJS.Platform, onChangeServer: () => void): MenuItemConstructorOptions[] {
  const changeServer: MenuItemConstructorOptions = { label: CHANGE_SERVER_LABEL, click: () => onChangeServer() };
  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [changeServer, { type: 'separator' }, platform === 'darwin' ? { role: 'close' } : { role: 'quit' }],
  };
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    fileMenu,
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}

export function installMenu(onChangeServer: () => void): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(process.platform, onChangeServer)));
}
