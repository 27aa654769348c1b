import { describe, expect, it } from 'vitest';
import { applyPatch, Corrections, patchProblems } from './corrections.js';
import type { RecordedEvent } from './types.js';

const event = (id: string, position: string, type: string, data: unknown): RecordedEvent => ({
  id,
  type,
  streamId: `s-${id}`,
  revision: 0,
  position: position as RecordedEvent['position'],
  data,
  metadata: { actorUserId: 'a', actorRole: 'admin', correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z' },
});

describe('event corrections', () => {
  const data = { productId: 'p', fields: { name: 'Veleno', price: 3, tags: ['a'], sku: null }, passwordHash: 'x' };

  it('apply a patch field by field within objects, replacing anything else, without touching the original', () => {
    expect(applyPatch(data, { fields: { name: 'Pane', tags: ['b', 'c'] } })).toEqual({ ...data, fields: { ...data.fields, name: 'Pane', tags: ['b', 'c'] } });
    expect(data.fields.name).toBe('Veleno');
  });

  it('refuse a field the event does not have, another JSON type, and refused fields, by path', () => {
    expect(patchProblems(data, { fields: { name: 'Pane' } })).toEqual({});
    expect(patchProblems(data, { fields: { nome: 'x', price: '3', tags: 'a', sku: 'x' }, passwordHash: 'y' }, (k) => k === 'passwordHash')).toEqual({
      'fields.nome': 'L’evento non ha il campo «fields.nome»: si possono correggere solo i campi che ha.',
      'fields.price': 'Il campo «fields.price» deve restare di tipo numero.',
      'fields.tags': 'Il campo «fields.tags» deve restare di tipo elenco.',
      'fields.sku': 'Il campo «fields.sku» deve restare di tipo nullo.',
      passwordHash: 'Il campo «passwordHash» è riservato e non si può correggere.',
    });
  });

  it('are applied in the order written, learnt once from any batch', () => {
    const corrections = new Corrections({ readAll: async () => [] });
    const original = event('e1', '1/1', 'ProductCreated', data);
    const first = event('c1', '2/1', 'EventCorrected', { eventId: 'e1', data: { fields: { name: 'Pane' } }, reason: 'r' });
    const second = event('c2', '3/1', 'EventCorrected', { eventId: 'e1', data: { fields: { name: 'Pane nero', price: 4 } }, reason: 'r' });
    corrections.learn([original, second]);
    corrections.learn([first, second]);
    expect(corrections.of('e1').map((c) => c.at)).toEqual(['2/1', '3/1']);
    expect(corrections.apply(original).data).toEqual({ ...data, fields: { ...data.fields, name: 'Pane nero', price: 4 } });
    expect(original.data).toBe(data);
    expect(corrections.apply(event('e2', '1/2', 'ProductCreated', data)).data).toBe(data);
  });
});
