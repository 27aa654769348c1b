import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { legalDecider, legalStreamId } from './legal.js';
import { legalDocumentsProjection } from './legal-projection.js';

describe('legal documents projection', () => {
  const spec = useProjection(legalDocumentsProjection);
  const log = new EventLog('2026-12-02T10:00:00.000Z');

  it('keeps every version of each document', async () => {
    const now = new Date('2026-12-02T10:00:00.000Z');
    await spec.apply([
      ...log.decide(legalStreamId('terms'), legalDecider, { type: 'PublishLegalVersion', kind: 'terms', body: 'Termini, prima.', note: 'Prima versione.', now }),
      ...log.decide(legalStreamId('privacy'), legalDecider, { type: 'PublishLegalVersion', kind: 'privacy', body: 'Informativa.', note: '', now }),
      ...log.decide(legalStreamId('terms'), legalDecider, { type: 'PublishLegalVersion', kind: 'terms', body: 'Termini, seconda.', note: 'Il recesso.', now }),
    ]);
    expect(await spec.rows('SELECT kind, version, body, note, published_at FROM legal_documents ORDER BY kind, version')).toEqual([
      { kind: 'privacy', version: 1, body: 'Informativa.', note: '', published_at: now },
      { kind: 'terms', version: 1, body: 'Termini, prima.', note: 'Prima versione.', published_at: now },
      { kind: 'terms', version: 2, body: 'Termini, seconda.', note: 'Il recesso.', published_at: now },
    ]);
  });
});
