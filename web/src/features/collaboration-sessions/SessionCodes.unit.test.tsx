import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aSession } from '../../testing/collaboration-fixtures';
import { buttonNames, renderHtml, textOf } from '../../testing/render';
import { SessionCard } from './SessionCard';
import { SessionCodes } from './SessionCodes';

describe('the codes the shopkeeper gives', () => {
  beforeEach(() => vi.stubEnv('TZ', 'UTC'));
  afterEach(() => vi.unstubAllEnvs());

  it('shows the activation code of a ready session large, grouped as ABCD-2345, with until when it holds', () => {
    const html = renderHtml(<SessionCodes session={aSession()} />);
    expect(html).toContain('data-testid="activation-code"');
    expect(textOf(html)).toContain('Codice di attivazione ABCD-2345 Dallo a Anna Bianchi in negozio');
    expect(textOf(html)).toContain('entro le 11:00');
  });

  it('shows the closure code once the session is active', () => {
    const text = textOf(renderHtml(<SessionCodes session={aSession({ status: 'active', activationCode: null, closureCode: 'WXYZ6789' })} />));
    expect(text).toContain('Codice di chiusura WXYZ-6789');
    expect(text).toContain('finisce da sola alle 12:30');
  });

  it('says a burnt code is blocked and offers a new one', () => {
    const html = renderHtml(<SessionCodes session={aSession({ activationCode: null, activationCodeBurnt: true })} />);
    expect(textOf(html)).toContain('Codice di attivazione bloccato');
    expect(buttonNames(html)).toEqual(['Genera un nuovo codice']);
    expect(buttonNames(renderHtml(<SessionCodes session={aSession({ status: 'active', activationCode: null, closureCodeBurnt: true })} />))).toEqual(['Genera un nuovo codice']);
  });

  it('asks the shopkeeper to confirm a high-security session before showing any code', () => {
    const html = renderHtml(
      <SessionCodes session={aSession({ status: 'active', securityLevel: 'high', awaitingConfirmation: true, activationCode: null, closureCode: 'WXYZ6789' })} />,
    );
    expect(buttonNames(html)).toEqual(['Conferma']);
    expect(textOf(html)).not.toContain('WXYZ-6789');
  });

  it('shows no code before the session is ready, nor after it ends', () => {
    expect(textOf(renderHtml(<SessionCodes session={aSession({ status: 'pending', activationCode: null })} />))).toBe(
      'Il codice di attivazione compare qui 30 minuti prima dell’inizio.',
    );
    expect(renderHtml(<SessionCodes session={aSession({ status: 'completed', activationCode: null })} />)).toBe('');
  });
});

describe('a session’s card', () => {
  it('gives the shopkeeper the moves of its state', () => {
    expect(buttonNames(renderHtml(<SessionCard session={aSession({ activationCode: null, activationCodeBurnt: false })} reader="shopkeeper" />))).toEqual([
      'Sposta',
      'Annulla la sessione',
      'Cronologia e azioni',
    ]);
    expect(buttonNames(renderHtml(<SessionCard session={aSession({ status: 'active', activationCode: null })} reader="shopkeeper" />))).toEqual(['Revoca', 'Cronologia e azioni']);
  });

  it('tells the collaborator where and how to activate it, never the code', () => {
    const html = renderHtml(<SessionCard session={aSession({ activationCode: null })} reader="collaborator" title="Forno Santi" />);
    expect(textOf(html)).toContain('Dove Via della Lungaretta 12, Roma');
    expect(textOf(html)).toContain('Per attivarla codice e posizione in negozio');
    expect(buttonNames(html)).toEqual(['Attiva la sessione', 'Cronologia e azioni']);
  });
});
