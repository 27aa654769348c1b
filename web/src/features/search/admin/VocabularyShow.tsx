import RestoreIcon from '@mui/icons-material/Restore';
import { Button } from '@mui/material';
import { EditButton, FunctionField, useRecordContext } from 'react-admin';
import type { VocabularyEntry } from '@contracts/search/vocabulary';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { useAdminCall } from '../../../admin/shared/moves';
import { apiRequest } from '../../../lib/client';
import { useCategories } from '../../stores/api';
import { originChoices } from './labels';

export const vocabularyTitle = <RecordTitle name="Voce del vocabolario" of={(e) => `«${e.term}»`} />;

/** A built-in entry changed or switched off goes back to the project's words. */
function RestoreButton() {
  const entry = useRecordContext<VocabularyEntry>();
  const { busy, call } = useAdminCall('Ripristino non riuscito');
  if (!entry || !entry.baseKey || (entry.origin === 'base' && entry.active)) return null;
  const restore = () => call(() => apiRequest('POST', `/api/admin/search-vocabulary/${entry.id}/restore`), 'Voce riportata com’è nel vocabolario del progetto');
  return (
    <Button size="small" startIcon={<RestoreIcon />} disabled={busy} onClick={() => void restore()}>
      Ripristina predefinita
    </Button>
  );
}

const actions = (
  <>
    <RestoreButton />
    <EditButton />
  </>
);

const wordList = (words: string[]) => (words.length ? words.join(', ') : '—');

/** /admin/search-vocabulary/:id/show: what the term finds, where the entry comes from, and its Cronologia. */
export function VocabularyShow() {
  const { data: categories } = useCategories();
  const categoryName = (slug: string) => categories?.find((c) => c.slug === slug)?.name ?? slug;
  return (
    <RecordShow title={vocabularyTitle} actions={actions} history="search-vocabulary">
      {fields.texts('term')}
      <FunctionField source="synonyms" render={(e: VocabularyEntry) => wordList(e.synonyms)} />
      <FunctionField source="narrower" render={(e: VocabularyEntry) => wordList(e.narrower)} />
      <FunctionField source="categories" render={(e: VocabularyEntry) => wordList(e.categories.map(categoryName))} />
      <StatusField source="origin" choices={originChoices} />
      <FunctionField source="active" render={(e: VocabularyEntry) => (e.active ? 'Sì: la ricerca la usa' : 'No: disattivata, la ricerca non la usa')} />
      {fields.optionalTexts('baseKey')}
      {fields.dates('updatedAt')}
    </RecordShow>
  );
}
