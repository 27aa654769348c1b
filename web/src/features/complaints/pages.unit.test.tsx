import { describe, expect, it } from 'vitest';
import { aCollaborator, aShopkeeper } from '../../testing/collaboration-fixtures';
import { buttonNames, renderHtml, textOf } from '../../testing/render';
import { casesUrl, caseUrl } from './api';
import CasePage from './CasePage';
import CasesPage from './CasesPage';
import { CaseSummaryView } from './admin/CaseSummaryCard';
import { aCase } from './fixtures';
import { Route, Routes } from 'react-router-dom';

const investigating = aCase({
  status: 'investigating',
  assignedAdminId: '00000000-0000-4000-8000-0000000000a1',
  assignedAdminName: 'Amministrazione Vicino',
  respondentAskedAt: '2026-11-20T11:00:00.000Z',
  respondentAnswerBy: '2026-11-23T11:00:00.000Z',
  dueAt: '2026-11-23T11:00:00.000Z',
});

const page = (c: ReturnType<typeof aCase>, user = aShopkeeper) =>
  renderHtml(
    <Routes>
      <Route path="/complaints/:id" element={<CasePage />} />
    </Routes>,
    { path: `/complaints/${c.id}`, user, prime: (q) => q.setQueryData([caseUrl(c.id)], c) },
  );

describe('the case page', () => {
  it('shows the complainant what is awaited, the parties, the files (images as thumbnails, PDF as links) and the story in order', () => {
    const html = page(aCase());
    const text = textOf(html);
    expect(text).toContain('In attesa di un amministratore entro il 20 nov 2026, 15:00');
    expect(text).toContain('Marco Santi (Negoziante) · tu');
    expect(text).toContain('Anna Bianchi (Collaboratore)');
    expect(text).toContain('Anna Verdi (333 1234567)');
    expect(html).toMatch(/<img[^>]+alt="vetrina.png"/);
    expect(html).toMatch(/<a[^>]+href="\/api\/complaints\/[^"]+e2"[^>]*>listino.pdf<\/a>/);
    expect(text.indexOf('Caso presentato')).toBeLessThan(text.indexOf('File di prova aggiunto', text.indexOf('Storia del caso')));
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Scrivi un messaggio', 'Aggiungi un file']));
    expect(buttonNames(html)).not.toContain('Rispondi');
  });

  it('asks the other party to answer by its deadline', () => {
    const html = page({ ...investigating, myRole: 'respondent' }, aCollaborator);
    expect(textOf(html)).toContain('ti chiede di rispondere entro il 23 nov 2026, 12:00');
    expect(buttonNames(html)).toContain('Rispondi');
    expect(buttonNames(html)).not.toContain('Fai ricorso');
  });

  it('offers the appeal with its 7-day limit once decided, and the compensation', () => {
    const html = page(
      aCase({
        status: 'resolved',
        adminResponse: 'Ragione al negozio.',
        resolutionAction: 'Crediti',
        decidedAt: '2026-11-21T10:00:00.000Z',
        appealBy: '2026-11-28T10:00:00.000Z',
        canAppeal: true,
        compensation: { method: 'credits', amount: 0, credits: 20, status: 'paid', reference: null },
        dueAt: null,
      }),
    );
    const text = textOf(html);
    expect(text).toContain('puoi fare ricorso una volta, entro il 28 nov 2026, 11:00; lo esamina un altro amministratore');
    expect(text).toContain('20 crediti AI · Pagato');
    expect(buttonNames(html)).toContain('Fai ricorso');
    expect(buttonNames(html)).not.toContain('Scrivi un messaggio');
  });
});

describe('I miei casi', () => {
  it('lists the open cases with their state and what they wait for', () => {
    const html = renderHtml(<CasesPage />, {
      user: aCollaborator,
      prime: (q) =>
        q.setQueryData(
          [casesUrl],
          [{ ...investigating, myRole: 'respondent' }, aCase({ id: '00000000-0000-4000-8000-0000000000c2', title: 'Vecchio caso', status: 'rejected', dueAt: null })],
        ),
    });
    const text = textOf(html);
    expect(text).toContain('I miei casi');
    expect(text).toContain('In istruttoria');
    expect(text).toContain('Aspettiamo la tua risposta entro il 23 nov 2026, 12:00');
    expect(text).toContain('presentato da Marco Santi');
    expect(text).not.toContain('Vecchio caso');
    expect(html).toContain('href="/complaints/00000000-0000-4000-8000-0000000000c1"');
  });

  it('tells how to file one when there is none', () => {
    expect(textOf(renderHtml(<CasesPage />, { user: aShopkeeper, prime: (q) => q.setQueryData([casesUrl], []) }))).toContain('scegli «Segnala un problema» e poi la sessione');
  });
});

describe('the admin dashboard’s cases', () => {
  it('count the open ones by urgency, the late ones and the compensations to approve', () => {
    const text = textOf(renderHtml(<CaseSummaryView summary={{ open: { low: 0, normal: 2, high: 1, immediate: 1 }, late: 1, compensationsToApprove: 3 }} />));
    expect(text).toContain('4 casi aperti');
    expect(text).toContain('Immediata: 1');
    expect(text).toContain('In ritardo: 1');
    expect(text).toContain('Indennizzi da approvare: 3');
  });
});
