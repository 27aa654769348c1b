import FlagIcon from '@mui/icons-material/FlagOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import { Box, Card, CardActionArea, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/client';
import { caseSummaryUrl, type CaseSummary } from '../api';

/** A way to one of the collaboration's back-office screens, with what waits there. */
function Way({ to, icon, title, text, badge }: { to: string; icon: ReactNode; title: string; text: string; badge?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, minWidth: 0 }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', '& svg': { color: 'secondary.main' } }}>
            {icon}
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {title}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
          {badge}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * /admin/collaboration-management (spec §2): the collaboration's management in one place — the
 * collaborators' approval, the sessions, the reports on assignments, and the complaints and
 * disputes with what is waiting.
 * It was a redirect to the collaborators; it became this page with issue [14] so the complaints
 * have a way in besides the menu.
 */
export function CollaborationManagementPage() {
  // The admin's react-admin query client has no default reader: this one says its own.
  const { data } = useQuery({ queryKey: [caseSummaryUrl], queryFn: () => apiGet<CaseSummary>(caseSummaryUrl) });
  const open = data ? Object.values(data.open).reduce((a, b) => a + b, 0) : null;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="Gestione delle collaborazioni" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        <Way to="/admin/collaborators" icon={<GroupsIcon />} title="Collaboratori" text="Candidature da approvare, profili, sospensioni." />
        <Way to="/admin/collaboration-sessions" icon={<EventIcon />} title="Sessioni" text="Le sessioni in corso e passate; revoca di una sessione attiva." />
        <Way
          to="/admin/complaints"
          icon={<ReportProblemIcon />}
          title="Reclami e contestazioni"
          text="I casi per scadenza: prendili in carico, chiedi all’altra parte, decidi."
          badge={
            data && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={`${open} aperti`} color={open ? 'warning' : 'default'} />
                <Chip size="small" label={`${data.late} in ritardo`} color={data.late ? 'error' : 'default'} />
                <Chip size="small" label={`${data.compensationsToApprove} indennizzi da approvare`} color={data.compensationsToApprove ? 'secondary' : 'default'} />
              </Box>
            )
          }
        />
        <Way to="/admin/reports" icon={<FlagIcon />} title="Segnalazioni" text="I problemi segnalati sugli incarichi: verifica, risposta, rimborso." />
      </Box>
    </Box>
  );
}
