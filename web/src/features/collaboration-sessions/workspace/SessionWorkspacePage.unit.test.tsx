import { describe, expect, it } from 'vitest';
import { aSession } from '../../../testing/collaboration-fixtures';
import { renderHtml, textOf } from '../../../testing/render';
import { currentSessionUrl, type Session } from '../api';
import SessionWorkspacePage from './SessionWorkspacePage';

const page = (current: Session | null, path = '/collaborator/session') =>
  textOf(renderHtml(<SessionWorkspacePage />, { path, prime: (client) => client.setQueryData([currentSessionUrl], current) }));

describe('the workspace of the active session', () => {
  it('explains how to activate one when there is none', () => {
    const text = page(null);
    expect(text).toContain('Nessuna sessione attiva');
    expect(text).toContain('Attiva una sessione');
  });

  it('names the shop, the credits left and the tools the shop lent, with the closing', () => {
    const text = page(aSession({ status: 'active', activationCode: null, aiCreditsAllocated: 20, aiCreditsUsed: 5 }));
    expect(text).toContain('Sessione presso Forno Santi');
    expect(text).toContain('Crediti AI rimasti 15 su 20');
    expect(text).toContain('Puoi lavorare su: Prodotti e magazzino, Ordini');
    expect(text).toContain('chiusura automatica alle 12:30');
    expect(text).toContain('Chiudi la sessione');
    expect(text).toMatch(/Prodotti Ordini Azioni svolte/);
  });

  it('opens only the sections the shop allowed', () => {
    const text = page(aSession({ status: 'active', activationCode: null, permissions: ['orders'] }));
    expect(text).toMatch(/Ordini Azioni svolte/);
    expect(text).not.toMatch(/Prodotti Ordini/);
  });

  it('waits for the shopkeeper’s confirmation of a high-security session', () => {
    const text = page(aSession({ status: 'active', securityLevel: 'high', awaitingConfirmation: true, activationCode: null }));
    expect(text).toContain('In attesa della conferma del negoziante');
    expect(text).toContain('si aprono dopo la conferma del negoziante');
  });
});
