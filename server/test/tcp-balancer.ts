import { createServer, connect as tcpConnect, type AddressInfo, type Server as NetServer, type Socket as NetSocket } from 'node:net';

/**
 * A tiny TCP balancer for tests: each connection goes to the first upstream that accepts it, so stopping
 * an instance moves its clients to the next one, as behind HAProxy.
 */
export async function startBalancer(urls: string[]): Promise<{ url: string; server: NetServer; close(): void }> {
  const ports = urls.map((u) => Number(new URL(u).port));
  const server = createServer((downstream) => {
    downstream.pause();
    const tryPort = (i: number) => {
      if (i >= ports.length) return downstream.destroy();
      const upstream: NetSocket = tcpConnect(ports[i]!, '127.0.0.1');
      upstream.once('error', () => tryPort(i + 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => downstream.destroy());
        downstream.on('error', () => upstream.destroy());
        downstream.pipe(upstream).pipe(downstream);
        downstream.resume();
      });
    };
    tryPort(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, close: () => server.close() };
}
