import type { FeatureAdmin } from '../../../app/feature';
import { VocabularyCreate, VocabularyEdit } from './VocabularyEdit';
import { VocabularyList } from './VocabularyList';
import { VocabularyShow } from './VocabularyShow';
import { messages } from './messages';
import TranslateIcon from '@mui/icons-material/Translate';

/** The search's vocabulary in the back office (issue [17]). */
export const admin: FeatureAdmin = {
  resources: [
    {
      name: 'search-vocabulary',
      place: 200,
      list: VocabularyList,
      show: VocabularyShow,
      edit: VocabularyEdit,
      create: VocabularyCreate,
      icon: TranslateIcon,
      recordRepresentation: 'term',
    },
  ],
  messages,
};
