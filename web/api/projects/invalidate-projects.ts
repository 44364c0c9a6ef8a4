import type { QueryClient } from '@tanstack/react-query';

/** After a project changes, every list that may show it is read again, so no screen shows the old one. */
export function invalidateProjectQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return typeof head === 'string' && /^\/api\/(projects|user|users|search)\b/.test(head);
    },
  });
}
