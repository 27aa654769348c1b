import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../../platform/http/admin-rest.js';
import { commandContext } from '../../../platform/http/command-context.js';
import { writeBaseVocabulary } from './base-entries.js';
import { addVocabularyEntry, changeVocabularyEntry, removeVocabularyEntry, restoreVocabularyEntry } from './commands.js';
import { searchVocabularyApi, type VocabularyEntry } from './contract.js';
import { vocabularyResource } from './queries.js';

/** The admins' vocabulary of the search (issue [17]): every entry, the file's and theirs, and their changes as commands. */
export const vocabularyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, store } = app.deps;
  // The back office lists the file's entries as this code writes them.
  await writeBaseVocabulary(pool);
  const entry = (id: string) => findOne<VocabularyEntry>(db, vocabularyResource, id);

  app.route({
    ...searchVocabularyApi.list,
    handler: async (request, reply) => (await answerList(db, reply, vocabularyResource, request.query)) as VocabularyEntry[],
  });
  app.route({ ...searchVocabularyApi.show, handler: async (request) => entry(request.params.id) });
  app.route({
    ...searchVocabularyApi.create,
    handler: async (request, reply) => {
      const { id, position } = await addVocabularyEntry(store, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await entry(id));
    },
  });
  app.route({
    ...searchVocabularyApi.update,
    handler: async (request) => {
      const { id } = await entry(request.params.id);
      await request.settle(await changeVocabularyEntry(store, id, request.body, commandContext(request)));
      return entry(id);
    },
  });
  app.route({
    ...searchVocabularyApi.remove,
    handler: async (request) => {
      const current = await entry(request.params.id);
      await request.settle(await removeVocabularyEntry(store, current.id, commandContext(request)));
      return current;
    },
  });
  app.route({
    ...searchVocabularyApi.restore,
    handler: async (request) => {
      const { id } = await entry(request.params.id);
      await request.settle(await restoreVocabularyEntry(store, id, commandContext(request)));
      return entry(id);
    },
  });
};
