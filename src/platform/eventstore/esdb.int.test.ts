import { describe } from 'vitest';
import { eventStoreContract } from './contract-suite.js';
import { EsdbEventStore } from './esdb.js';

const url = process.env.EVENTSTORE_CONNECTION_STRING ?? '';

describe.skipIf(!url)('EventStoreDB (runs when EVENTSTORE_CONNECTION_STRING is set)', () => {
  eventStoreContract('esdb', async () => {
    const store = new EsdbEventStore(url);
    return { store, close: () => store.close() };
  });
});
