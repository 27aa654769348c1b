import TranslateIcon from '@mui/icons-material/Translate';
import { VocabularyCreate, VocabularyEdit } from './VocabularyEdit';
import { VocabularyList } from './VocabularyList';
import { VocabularyShow } from './VocabularyShow';

/** The search's vocabulary in the back office (issue [17]). */
export const searchVocabulary = { list: VocabularyList, show: VocabularyShow, edit: VocabularyEdit, create: VocabularyCreate, icon: TranslateIcon, recordRepresentation: 'term' };
