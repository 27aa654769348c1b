import { Box } from '@mui/material';
import { Show, TabbedShowLayout, useRecordContext } from 'react-admin';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { RecordTitle } from '../../../admin/shared/screens';
import type { CaseDetail } from '../api';
import { CaseView } from '../CaseView';
import { AdminCaseMoves } from './AdminCaseMoves';

/** The case page for an admin: what is due, the moves, the case, its files and its story with the internal notes. */
function CaseTab() {
  const c = useRecordContext<CaseDetail & { id: string }>();
  if (!c?.timeline) return null;
  return (
    <Box sx={{ py: 1, minWidth: 0 }}>
      <CaseView c={c} moves={<AdminCaseMoves c={c} />} />
    </Box>
  );
}

/** /admin/complaints/:id/show: the case page (tab "Caso") and its Cronologia. */
export function CaseShow() {
  return (
    <Show title={<RecordTitle name="Caso" of={(c) => `«${c.title}»`} />} actions={false} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Caso">
          <CaseTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type="complaint" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
