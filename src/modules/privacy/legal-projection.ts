import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { LegalEvent } from './legal.js';

/** Every version of the privacy policy and the terms (the public pages, the registration, the admin's editor). */
export const legalDocumentsProjection: Projection = {
  name: 'legal-documents',
  title: 'Informativa e termini',
  version: 1,
  tables: ['legal_documents'],
  apply: byEventType<LegalEvent>({
    LegalVersionPublished: ({ data }, tx) =>
      tx.query(`INSERT INTO legal_documents (kind, version, body, note, published_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kind, version) DO NOTHING`, [
        data.kind,
        data.version,
        data.body,
        data.note,
        data.publishedAt,
      ]),
  }),
};
