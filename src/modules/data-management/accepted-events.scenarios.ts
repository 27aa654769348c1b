import { randomUUID } from 'node:crypto';
import { correctionStreamOf } from '../../platform/eventstore/corrections.js';
import { makePosition } from '../../platform/eventstore/position.js';
import { productStreamId } from '../catalog/products.js';
import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { correctionDecider, type CorrectionCommand } from './correction.js';

const eventId = randomUUID();

export const scenarios = [
  // The admin's correction of an event a read model stopped at: its reason and the fields it replaces.
  scenario<CorrectionCommand>(
    'event corrections',
    correctionStreamOf(eventId),
    correctionDecider,
    [],
    [
      {
        type: 'CorrectEvent',
        correction: {
          eventId,
          eventType: 'ProductCreated',
          streamId: productStreamId(worldIds.product),
          revision: 0,
          position: makePosition(1, 1),
          data: { fields: { name: 'Pane di Altamura', priceCents: 450 } },
          reason: 'Nome troppo lungo per il catalogo',
        },
      },
    ],
  ),
];
