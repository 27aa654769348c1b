import { FunctionField, SelectInput } from 'react-admin';
import type { VocabularyEntry } from '@contracts/search/vocabulary';
import { fields, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { useCategories } from '../../stores/api';
import { activeChoices, originChoices, originLabels } from './labels';

const filters = [
  <SelectInput key="origin" source="origin" choices={originChoices} alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    choices={activeChoices}
    parse={(v: string) => (v === '' ? undefined : v === 'true')}
    format={(v: boolean | undefined) => (v === undefined ? '' : String(v))}
  />,
];

/** How many words a list holds, or a dash. */
const count = (words: string[]) => (words.length ? String(words.length) : '—');

/** /admin/search-vocabulary: every entry of the search's vocabulary, the project's and the admins', by term. */
export function VocabularyList() {
  const { data: categories } = useCategories();
  const categoryName = (slug: string) => categories?.find((c) => c.slug === slug)?.name ?? slug;
  return (
    <ResourceList<VocabularyEntry>
      search="Termine o parola"
      filters={filters}
      sort={{ field: 'term', order: 'ASC' }}
      line={{
        primary: (e) => e.term,
        secondary: (e) => [...e.synonyms, ...e.narrower].slice(0, 6).join(', ') || '—',
        tertiary: (e) => (e.active ? originLabels[e.origin] : 'Disattivata'),
      }}
    >
      {fields.texts('term')}
      <FunctionField source="synonyms" sortable={false} render={(e: VocabularyEntry) => e.synonyms.slice(0, 4).join(', ') || '—'} />
      <FunctionField source="narrower" sortable={false} render={(e: VocabularyEntry) => count(e.narrower)} />
      <FunctionField source="categories" sortable={false} render={(e: VocabularyEntry) => e.categories.map(categoryName).join(', ') || '—'} />
      <StatusField source="origin" choices={originChoices} />
      <FunctionField source="active" render={(e: VocabularyEntry) => (e.active ? 'Attiva' : 'Disattivata')} />
      {fields.dates('updatedAt')}
    </ResourceList>
  );
}
