import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { Role, User } from '../../../lib/types';
import { AuthProvider, userQueryKey } from '../../../app/auth';
import { ReserveButton } from './ReserveButton';

function renderAs(user: User | null) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  return renderToString(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <ReserveButton product={{ id: 'p1', name: 'Pecorino romano', store: { id: 's1', name: 'Bottega' } }} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const as = (role: Role): User => ({ id: 'u1', username: 'u', name: 'Maria Rossi', email: 'maria@example.it', role });
const hasReserveButton = (html: string) => /<button[^>]*>.*?Prenota<\/button>/.test(html.replace(/<style[^>]*>.*?<\/style>/g, ''));

describe('the Prenota button', () => {
  it('is there for customers and for visitors (who are sent to log in first)', () => {
    expect(hasReserveButton(renderAs(as('customer')))).toBe(true);
    expect(hasReserveButton(renderAs(null))).toBe(true);
  });

  it('is not offered to shopkeepers, collaborators and admins, who do not reserve', () => {
    for (const role of ['shopkeeper', 'collaborator', 'admin'] as const) expect(renderAs(as(role)), role).toBe('');
  });
});
