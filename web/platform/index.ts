// The platform the UI runs on, chosen once at startup.
import { browserPlatform } from './browser';
import { createDesktopPlatform, getDesktopBridge } from './desktop';
import type { Platform } from './platform';

export type { FolderLinksApi, FolderScan, LinkedFolder, Platform, ProjectDiskFile, ServerSettings } from './platform';

const bridge = getDesktopBridge();

export const platform: Platform = bridge ? createDesktopPlatform(bridge) : browserPlatform;
