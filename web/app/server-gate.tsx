// The desktop app's first run asks for the server; the browser never sees that screen (nor loads it).
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '@web/components/loading-screen';
import { platform, type ServerSettings } from '@web/platform';

const ServerSetupScreen = lazy(() => import('./server-setup-screen').then((m) => ({ default: m.ServerSetupScreen })));

/** Renders the app once a server is known (always in a browser); else the first-run screen. */
export function ServerGate({ children }: { children: ReactNode }) {
  const settingsApi = platform.serverSettings;
  const [settings, setSettings] = useState<ServerSettings | null>(null);
  useEffect(() => {
    if (!settingsApi) return;
    settingsApi.get().then(setSettings, () => setSettings({ serverUrl: null, defaultUrl: null }));
  }, [settingsApi]);
  if (!settingsApi) return children;
  if (!settings) return <LoadingScreen />;
  if (!settings.serverUrl) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ServerSetupScreen suggested={settings.defaultUrl ?? ''} />
      </Suspense>
    );
  }
  return children;
}
