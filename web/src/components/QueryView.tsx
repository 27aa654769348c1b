import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { errorText } from '../lib/client';

/** What a page needs to know of a read from the API (a react-query result). */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A read's place on the page, in the order the user meets it: `loading` while it comes; when it
 * failed, what `failed` says of that error (a 404 read as "no profile yet"), else the API's words
 * (`fallback` when it gives none); `empty` when it came with nothing to show; else `children`.
 */
export function QueryView({
  query,
  loading,
  fallback,
  failed,
  empty,
  children,
}: {
  query: QueryState;
  loading: ReactNode;
  fallback: string;
  failed?: (error: unknown) => ReactNode | undefined;
  /** Shown instead of `children` when the read has nothing to show; `false` when it has. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <>{failed?.(query.error) ?? <Alert severity="error">{errorText(query.error, fallback)}</Alert>}</>;
  return <>{empty || children}</>;
}
