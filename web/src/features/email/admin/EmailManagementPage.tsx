import { Box, Tab } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { ScrollingTabs } from '../../../components/ScrollingTabs';
import { EmailSettingsTab } from './EmailSettingsTab';
import { LogsTab } from './LogsTab';
import { QueueTab } from './QueueTab';
import { TemplatesTab } from './TemplatesTab';

const tabs = [
  { id: 'impostazioni', label: 'Impostazioni', page: <EmailSettingsTab /> },
  { id: 'modelli', label: 'Modelli', page: <TemplatesTab /> },
  { id: 'coda', label: 'Coda', page: <QueueTab /> },
  { id: 'registro', label: 'Registro', page: <LogsTab /> },
];

/** /admin/email-management: sending settings and the test mail, templates, the queue and the log; the tab is in the address (?scheda=coda). */
export function EmailManagementPage() {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.id === params.get('scheda')) ?? tabs[0]!;
  return (
    <>
      {/* Each tab's list or form sets the page's title ("E-mail"). */}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}>
        <ScrollingTabs value={current.id} onChange={(_, id: string) => setParams({ scheda: id })} aria-label="Sezioni delle e-mail">
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} />
          ))}
        </ScrollingTabs>
      </Box>
      {current.page}
    </>
  );
}
