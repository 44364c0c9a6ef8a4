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

/**
 * A connection of its own subscribed to one channel of JSON messages (instances telling each other what
 * to drop); a message that is not JSON calls onUnreadable. Quit the answer to stop.
 */
export async function subscribeJson<T>(redis: RedisClient, channel: string, onMessage: (message: T) => void, onUnreadable: () => void): Promise<RedisClient> {
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  await subscriber.connect();
  await subscriber.subscribe(channel, (message) => {
    let parsed: T;
    try {
      parsed = JSON.parse(message) as T;
    } catch {
      return onUnreadable();
    }
    onMessage(parsed);
  });
  return subscriber;
}
