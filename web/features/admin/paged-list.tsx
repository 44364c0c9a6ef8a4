import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryState, type QueryLike } from '@web/components/query-state';
import { Pager } from './pager';

/**
 * One page of an admin list (users, reports): 'Loading {noun}...', 'Failed to load {noun}' with Retry,
 * 'No {noun} found', else the rows as a list named after the noun and the pager under them.
 */
export function PagedList<D extends { total: number }, T>({
  query,
  noun,
  rows,
  offset,
  limit,
  onPage,
  children,
}: {
  query: QueryLike<D>;
  /** Plural and lower case, as the texts use it: 'users'. */
  noun: string;
  rows: (data: D) => T[];
  offset: number;
  limit: number;
  onPage: (offset: number) => void;
  children: (row: T) => ReactNode;
}) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <QueryState
      query={query}
      loading={<Typography color="textSecondary">{`Loading ${noun}...`}</Typography>}
      errorText={`Failed to load ${noun}`}
      empty={<Typography color="textSecondary">{`No ${noun} found`}</Typography>}
      isEmpty={(data) => rows(data).length === 0}
    >
      {(data) => (
        <>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={title}>
            {rows(data).map(children)}
          </Stack>
          <Pager label={`${title} pages`} offset={offset} limit={limit} total={data.total} onChange={onPage} />
        </>
      )}
    </QueryState>
  );
}
