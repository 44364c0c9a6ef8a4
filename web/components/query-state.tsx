import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** The part of a TanStack query result this component reads. */
export type QueryLike<T> = {
  isLoading: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
};

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one way a screen shows a query: its placeholders while loading, the error text with a Retry
 * button when it failed, its empty state when there is nothing, else the content.
 */
export function QueryState<T>({
  query,
  loading,
  errorText,
  empty,
  isEmpty = emptyList,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  errorText: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {errorText}
      </Alert>
    );
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
