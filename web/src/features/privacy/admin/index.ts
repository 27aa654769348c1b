import PrivacyTipIcon from '@mui/icons-material/PrivacyTipOutlined';
import type { FeatureAdmin } from '../../../app/feature';
import { ErasureList } from './ErasureList';
import { ErasureShow } from './ErasureShow';
import { messages } from './messages';
import { RetentionPage } from './RetentionPage';
import { LegalDocumentsPage } from './LegalDocumentsPage';

export const admin: FeatureAdmin = {
  resources: [{ name: 'erasures', place: 72, list: ErasureList, show: ErasureShow, icon: PrivacyTipIcon, recordRepresentation: 'name' }],
  pages: [
    { path: '/retention', page: RetentionPage },
    { path: '/legal', page: LegalDocumentsPage },
  ],
  messages,
};
