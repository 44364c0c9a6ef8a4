import { createClient } from 'redis';

export async function connectRedis(url: string) {
  const client = createClient({ url });
  client.on('error', () => {
    // Reconnection is automatic; errors surface on the commands that fail.
  });
  await client.connect();
  return client;
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;
