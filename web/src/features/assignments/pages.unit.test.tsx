import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionsListUrl, storeAccessUrl } from '../collaboration-sessions/api';
import { aCollaborator, anAssignment, aSession, aShopkeeper } from '../../testing/collaboration-fixtures';
import { buttonNames, renderHtml, textOf } from '../../testing/render';
import { assignmentsUrl, earningsUrl, type Earnings } from './api';
import AssignmentPage from './AssignmentPage';
import AssignmentsPage from './AssignmentsPage';
import EarningsPage from './EarningsPage';

const earnings: Earnings = {
  totals: { count: 2, pending: 48, paid: 1234.5, credits: 10 },
  byMonth: [{ month: '2026-11', count: 2, pending: 48, paid: 1234.5, credits: 10 }],
  byStore: [{ storeId: '00000000-0000-4000-8000-000000000001', storeName: 'Forno Santi', count: 2, pending: 48, paid: 1234.5, credits: 10 }],
  latest: [
    {
      kind: 'assignment',
      id: '00000000-0000-4000-8000-0000000000b1',
      storeName: 'Forno Santi',
      title: 'Inventario',
      completedAt: '2026-11-20T10:00:00.000Z',
      amount: 48,
      credits: 0,
      paymentStatus: 'pending',
    },
  ],
};

describe('earnings', () => {
  it('are the collaborator’s: to be paid and paid in euros, by month', () => {
    const text = textOf(renderHtml(<EarningsPage />, { user: aCollaborator, prime: (c) => c.setQueryData([earningsUrl], earnings) }));
    expect(text).toContain('Da ricevere € 48,00');
    expect(text).toContain('Ricevuti € 1234,50');
    expect(text).toContain('novembre 2026');
    expect(text).toContain('Inventario');
  });

  it('tell a shopkeeper where what they pay is', () => {
    expect(textOf(renderHtml(<EarningsPage />, { user: aShopkeeper }))).toContain('I guadagni si leggono con un account collaboratore');
  });
});

describe('the assignments page adapts to who reads it', () => {
  const prime = (c: QueryClient) => {
    c.setQueryData(
      [assignmentsUrl],
      [
        anAssignment(),
        anAssignment({ id: '00000000-0000-4000-8000-0000000000b2', status: 'in_progress', sessions: { total: 1, open: 0, active: 1, completed: 0 } }),
        anAssignment({ id: '00000000-0000-4000-8000-0000000000b3', status: 'accepted' }),
      ],
    );
    c.setQueryData([sessionsListUrl({ statuses: ['pending', 'ready', 'active'] })], [aSession()]);
    c.setQueryData([storeAccessUrl], []);
    c.setQueryData(['/api/collaboration-requests'], []);
  };

  it('gives the collaborator the assignments to answer, the next session and the access code to redeem', () => {
    const html = renderHtml(<AssignmentsPage />, { user: aCollaborator, prime });
    const text = textOf(html);
    expect(text).toContain('La tua prossima sessione');
    expect(text).toContain('I tuoi incarichi');
    expect(text).toContain('Hai un codice di accesso?');
    expect(buttonNames(html)).toContain('Rispondi');
    expect(text).not.toContain('ABCD-2345');
  });

  it('gives the shopkeeper the open sessions with their codes and the new assignments', () => {
    const html = renderHtml(<AssignmentsPage />, { user: aShopkeeper, prime });
    const text = textOf(html);
    expect(text).toContain('Sessioni in programma e in corso');
    expect(text).toContain('ABCD-2345');
    expect(text).toContain('Incarichi del negozio');
    // Accepted without a session: programming the first one is the shopkeeper's move (issue [19]).
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Nuovo incarico', 'Nuovo accesso', 'Apri l’incarico', 'Programma la prima sessione']));
    expect(text).not.toContain('Hai un codice di accesso?');
  });
});

describe('an accepted assignment without a session', () => {
  const accepted = anAssignment({ status: 'accepted', origin: 'unlock', estimatedMinutes: 120, packageCredits: 50 });
  const page = (user: typeof aShopkeeper) =>
    textOf(
      renderHtml(
        <Routes>
          <Route path="/collaborator/assignments/:id" element={<AssignmentPage />} />
        </Routes>,
        {
          path: `/collaborator/assignments/${accepted.id}`,
          user,
          prime: (c) => {
            c.setQueryData([`${assignmentsUrl}/${accepted.id}`], accepted);
            c.setQueryData([sessionsListUrl({ assignmentId: accepted.id })], []);
          },
        },
      ),
    );

  it('asks the shopkeeper to program the first one, with the collaborator’s availability: nothing is set for them', () => {
    const text = page(aShopkeeper);
    expect(text).toContain(
      'Nessuna sessione è ancora fissata: scegli tu il giorno e l’ora, d’accordo con Anna Bianchi. Disponibilità indicata: «Pomeriggi dal lunedì al venerdì».',
    );
    expect(text).toContain('Programma la prima sessione');
  });

  it('tells the collaborator the shop programs it', () => {
    const text = page(aCollaborator);
    expect(text).toContain('Nessuna sessione ancora: il negozio la programma');
    expect(text).not.toContain('Programma la prima sessione');
  });
});
