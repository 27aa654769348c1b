import { SelectArrayInput, TextInput, required } from 'react-admin';
import { RecordCreate, RecordEdit } from '../../../admin/shared/screens';
import { useCategories } from '../../stores/api';
import { wordsOf, wordsText } from './labels';
import { vocabularyTitle } from './VocabularyShow';

/** The fields of an entry: its term, and what it finds (words separated by commas). */
function VocabularyFields() {
  const { data: categories } = useCategories();
  return (
    <>
      <TextInput
        source="term"
        validate={required()}
        fullWidth
        helperText="La parola (o le parole) che si cerca, come «pasta» o «vino rosso»: le sue forme (plurale, femminile) valgono anch’esse."
      />
      <TextInput
        source="synonyms"
        format={wordsText}
        parse={wordsOf}
        multiline
        minRows={2}
        fullWidth
        helperText="Parole dello stesso significato, separate da una virgola: ognuna trova quello che trovano le altre."
      />
      <TextInput
        source="narrower"
        format={wordsText}
        parse={wordsOf}
        multiline
        minRows={3}
        fullWidth
        helperText="I tipi di quello che il termine dice, separati da una virgola (pasta: spaghetti, penne rigate…): il termine li trova, loro non trovano il termine."
      />
      <SelectArrayInput
        source="categories"
        choices={(categories ?? []).map((c) => ({ id: c.slug, name: c.name }))}
        helperText="Le categorie dei negozi i cui prodotti il termine trova tutti (giocattoli: Giocattoli)."
      />
    </>
  );
}

/** Editing an entry, the project's too: deleting an added one removes it, a predefined one is switched off (it can be restored). */
export function VocabularyEdit() {
  return (
    <RecordEdit
      title={vocabularyTitle}
      deleting={{
        confirmTitle: 'Togliere questa voce dalla ricerca?',
        confirmContent: 'Una voce aggiunta dall’amministrazione sparisce; una predefinita resta nell’elenco disattivata e si può ripristinare.',
      }}
      maxWidth={720}
    >
      <VocabularyFields />
    </RecordEdit>
  );
}

/** A new entry of the admins'. */
export function VocabularyCreate() {
  return (
    <RecordCreate title="Nuova voce del vocabolario" record={{ synonyms: [], narrower: [], categories: [] }} maxWidth={720}>
      <VocabularyFields />
    </RecordCreate>
  );
}
