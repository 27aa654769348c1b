import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { loggedIn, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { purchasedWork } from '../../../tests/support/collaboration.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);

/** A shop and a collaborator; the shopkeeper bought the unlock with the sandbox (€ 49,00 paid online): an assignment between them. */
async function paidAssignment(): Promise<{ shop: Shop; c: Person; assignmentId: string; paymentId: string }> {
  const { shop, c, assignment, paymentId } = await purchasedWork(t, admin);
  await caughtUp();
  return { shop, c, assignmentId: assignment.id, paymentId };
}

const report = (assignmentId: string, over: Record<string, unknown> = {}) => ({
  assignmentId,
  reportType: 'quality_issue',
  title: 'Schede prodotto incomplete',
  description: 'Metà delle schede non ha le foto.',
  severity: 'high',
  ...over,
});

/** The refunds the sandbox confirmed of the payment (its webhooks applied): money that moved. */
async function refundsOf(paymentId: string): Promise<{ amount: number; key: string }[]> {
  const { rows } = await t.system.pool.query(
    `SELECT amount_cents::int AS amount, metadata ->> 'refundKey' AS key FROM payment_transactions WHERE transaction_type = 'refund' AND metadata ->> 'refundOf' = $1`,
    [paymentId],
  );
  return rows;
}

describe('collaboration reports over HTTP', () => {
  it('either side reports on its assignment; the other side sees it, a stranger neither reports nor sees (404); the assignment has problems', async () => {
    const { shop, c, assignmentId } = await paidAssignment();
    const mine = await c.browser.post('/api/reports', report(assignmentId, { reportType: 'communication_problem', severity: 'low' }));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ status: 'open', reporterRole: 'collaborator', reportedByUserId: c.id, severity: 'low', refundStatus: 'none', storeName: shop.store.name });
    expect(mine.json().timeline).toEqual([expect.objectContaining({ type: 'ReportSubmitted', label: 'Segnalazione inviata', byUserId: c.id, byRole: 'collaboratore' })]);
    const theirs = await shop.owner.browser.post('/api/reports', report(assignmentId));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().reporterRole).toBe('shopkeeper');

    const list = await shop.owner.browser.get('/api/reports?pageSize=1');
    expect([list.statusCode, list.headers['x-total-count'], list.json().length]).toEqual([200, '2', 1]);
    expect((await shop.owner.browser.get(`/api/reports/${mine.json().id}`)).statusCode).toBe(200);
    expect((await shop.owner.browser.get(`/api/assignments/${assignmentId}`)).json().hasProblems).toBe(true);

    const stranger = await loggedIn(t, 'collaborator');
    const tried = await stranger.browser.post('/api/reports', report(assignmentId));
    expect([tried.statusCode, tried.json().message]).toEqual([404, 'Incarico non trovato.']);
    expect((await stranger.browser.get(`/api/reports/${mine.json().id}`)).statusCode).toBe(404);
    expect((await stranger.browser.get('/api/reports')).json()).toEqual([]);
    const otherShop = await loggedIn(t, 'shopkeeper');
    expect((await otherShop.browser.get(`/api/reports/${mine.json().id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 in Italian', async () => {
    const { c, assignmentId } = await paidAssignment();
    const bad = await c.browser.post('/api/reports', report(assignmentId, { title: '  ' }));
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { title: 'Titolo: campo obbligatorio.' }]);
    const severity = await c.browser.post('/api/reports', report(assignmentId, { severity: 'enorme' }));
    expect([severity.statusCode, severity.json().errors]).toEqual([400, { severity: 'Gravità: low, medium, high o critical.' }]);
    const noAssignment = await c.browser.post('/api/reports', report('nessuno'));
    expect([noAssignment.statusCode, noAssignment.json().errors]).toEqual([400, { assignmentId: 'Incarico: identificativo non valido.' }]);
    const created = (await c.browser.post('/api/reports', report(assignmentId))).json();
    await admin.browser.post(`/api/admin/reports/${created.id}/investigate`);
    const negative = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, { adminResponse: 'Ok', resolutionAction: 'Rimborso', refundAmount: -5 });
    expect([negative.statusCode, negative.json().errors]).toEqual([400, { refundAmount: 'Rimborso: non può essere negativo.' }]);
  });

  it('the admin moves a report open → investigating → resolved with a refund paid once however often the resolution is sent; the parties are told', async () => {
    const { shop, c, assignmentId, paymentId } = await paidAssignment();
    const created = (await c.browser.post('/api/reports', report(assignmentId))).json();
    const early = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, { adminResponse: 'Ok', resolutionAction: 'Nessuna' });
    expect([early.statusCode, early.json().message]).toEqual([409, 'Prima di risolverla, prendi in verifica la segnalazione.']);
    // Only admins move it.
    expect((await shop.owner.browser.post(`/api/admin/reports/${created.id}/investigate`)).statusCode).toBe(403);

    const investigating = await admin.browser.post(`/api/admin/reports/${created.id}/investigate`);
    expect([investigating.statusCode, investigating.json().status]).toEqual([200, 'investigating']);
    const over = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, { adminResponse: 'Rimborso eccessivo', resolutionAction: 'Rimborso', refundAmount: 49.01 });
    expect([over.statusCode, over.json().message]).toEqual([422, 'Il rimborso di € 49,01 supera quanto si può ancora rimborsare del pagamento dell’incarico (€ 49,00).']);

    const resolution = { adminResponse: 'Le schede sono state rifatte solo in parte.', resolutionAction: 'Rimborso parziale al negozio', refundAmount: 15.5 };
    const answers = await Promise.all([1, 2, 3].map(() => admin.browser.post(`/api/admin/reports/${created.id}/resolve`, resolution)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const again = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, { ...resolution, refundAmount: 20 });
    expect(again.statusCode, again.body).toBe(200);
    await caughtUp();
    expect(await refundsOf(paymentId)).toEqual([{ amount: 1550, key: `report-${created.id}` }]);
    const payment = (await admin.browser.get(`/api/admin/payments/${paymentId}`)).json();
    expect(payment).toMatchObject({ status: 'completed', refundedAmount: 15.5 });

    const seen = (await c.browser.get(`/api/reports/${created.id}`)).json();
    expect(seen).toMatchObject({
      status: 'resolved',
      adminResponse: resolution.adminResponse,
      resolutionAction: resolution.resolutionAction,
      refundAmount: 15.5,
      refundStatus: 'paid',
    });
    expect(seen.timeline.map((s: { type: string }) => s.type)).toEqual(['ReportSubmitted', 'ReportInvestigationStarted', 'ReportResolved']);
    expect(seen.timeline[2]).toMatchObject({ byUserId: admin.id, byRole: 'amministrazione' });

    const notices = async (who: Person) => (await who.browser.get('/api/notifications')).json<{ title: string; link: string | null }[]>();
    expect(await notices(c)).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Segnalazione risolta', link: `/collaborator/reports/${created.id}` })]));
    expect(await notices(shop.owner)).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Segnalazione risolta' })]));

    // A second report on the same payment: only what is left can be refunded.
    const second = (await shop.owner.browser.post('/api/reports', report(assignmentId, { reportType: 'payment_dispute' }))).json();
    await admin.browser.post(`/api/admin/reports/${second.id}/investigate`);
    const tooMuch = await admin.browser.post(`/api/admin/reports/${second.id}/resolve`, { ...resolution, refundAmount: 34 });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([422, 'Il rimborso di € 34,00 supera quanto si può ancora rimborsare del pagamento dell’incarico (€ 33,50).']);
    const closed = await admin.browser.post(`/api/admin/reports/${second.id}/close`, { adminResponse: 'Già rimborsato con l’altra segnalazione.' });
    expect([closed.statusCode, closed.json().status, closed.json().refundStatus]).toEqual([200, 'closed', 'none']);
    expect(await refundsOf(paymentId)).toHaveLength(1);

    const list = await admin.browser.get(`/api/admin/reports?filter=${encodeURIComponent(JSON.stringify({ status: 'closed', assignmentId }))}`);
    expect([list.statusCode, list.json().map((r: { id: string }) => r.id)]).toEqual([200, [second.id]]);
    const history = await admin.browser.get(`/api/admin/history/report/${created.id}`);
    expect(history.statusCode, history.body).toBe(200);
  });

  it('refuses a refund when the assignment was not paid online (a direct assignment), in Italian; resolves without one', async () => {
    const { shop, c } = await paidAssignment();
    const direct = await shop.owner.browser.post('/api/assignments', { collaboratorId: c.id, description: 'Vetrina di Natale', paymentAmount: 40 });
    expect(direct.statusCode, direct.body).toBe(201);
    const created = (await shop.owner.browser.post('/api/reports', report(direct.json().id))).json();
    await admin.browser.post(`/api/admin/reports/${created.id}/investigate`);
    const refused = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, { adminResponse: 'Va bene', resolutionAction: 'Rimborso', refundAmount: 10 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'Questo incarico non è stato pagato online: non c’è un pagamento da rimborsare. Risolvi la segnalazione senza rimborso.',
    ]);
    const resolved = await admin.browser.post(`/api/admin/reports/${created.id}/resolve`, {
      adminResponse: 'Abbiamo sentito le parti.',
      resolutionAction: 'Richiamo al collaboratore',
      refundAmount: 0,
    });
    expect([resolved.statusCode, resolved.json().status, resolved.json().refundStatus]).toEqual([200, 'resolved', 'none']);
  });
});
