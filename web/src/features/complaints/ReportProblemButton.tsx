import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useAuth } from '../../app/auth';
import { NewCaseDialog, type CaseSubject } from './NewCaseDialog';
import { casePath } from './paths';

/** "Segnala un problema" (a session) or "Apri una contestazione" (an order): the button and its form. */
export function ReportProblemButton({ subject, label }: { subject: CaseSubject; label?: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="warning" startIcon={<ReportProblemIcon />} onClick={() => setOpen(true)}>
        {label ?? (subject.kind === 'complaint' ? 'Segnala un problema' : 'Apri una contestazione')}
      </Button>
      {open && <NewCaseDialog subject={subject} casePath={(id) => casePath(user?.role, id)} onClose={() => setOpen(false)} />}
    </>
  );
}
