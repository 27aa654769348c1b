import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider, userQueryKey } from '../app/auth';
import { createQueryClient } from '../lib/query-client';
import type { User } from '../lib/types';

/* Helpers of the web's component tests: a component rendered on the server, read as a person reads it. */

/**
 * The HTML of `node` inside a query client (its data set beforehand by `prime`) and a router at
 * `path`; with `user`, logged in as them (spec §7: GET /api/user).
 */
export function renderHtml(node: ReactNode, { path = '/', prime, user }: { path?: string; prime?: (client: QueryClient) => void; user?: User } = {}): string {
  const client = createQueryClient();
  prime?.(client);
  if (user) client.setQueryData(userQueryKey, user);
  const routed = <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>;
  return renderToString(<QueryClientProvider client={client}>{user ? <AuthProvider>{routed}</AuthProvider> : routed}</QueryClientProvider>);
}

/** The text of rendered HTML, tags and MUI's inline styles left out, spaces collapsed. */
export const textOf = (html: string): string =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Each button's (or link-button's) accessible name: its aria-label, else its text. */
export const buttonNames = (html: string): string[] =>
  [...html.replace(/<style[^>]*>.*?<\/style>/g, '').matchAll(/<(button|a)([^>]*class="[^"]*MuiButton[^"]*"[^>]*)>(.*?)<\/\1>/g)].map(
    ([, , attrs, inner]) => /aria-label="([^"]+)"/.exec(attrs!)?.[1] ?? textOf(inner!),
  );
