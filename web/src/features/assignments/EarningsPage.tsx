import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import EuroIcon from '@mui/icons-material/Euro';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { assignmentPaymentStatusLabels } from '@pure/assignments/labels';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { LinkAlert } from '../../components/LinkAlert';
import { QueryView } from '../../components/QueryView';
import { RecentList } from '../../components/RecentList';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { StatCard, StatGrid } from '../../components/StatCard';
import { formatDate, formatMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { unlessNoProfile } from '../collaborators/no-profile';
import { useEarnings, type Earnings } from './api';
import { CollaboratorLedger } from '../earnings/CollaboratorLedger';
import { PaymentAccounts } from '../payments/PaymentAccounts';
import { plural } from '@platform/domain/format';

type Line = Earnings['totals'];

/** "3 lavori · da ricevere € 96,40 · ricevuti € 200,00 · 10 crediti": a row as a phone reads it. */
const lineText = (r: Line) =>
  [plural(r.count, 'lavoro', 'lavori'), `da ricevere ${formatMoney(r.pending)}`, `ricevuti ${formatMoney(r.paid)}`, r.credits ? plural(r.credits, 'credito', 'crediti') : '']
    .filter(Boolean)
    .join(' · ');

/** Earnings a row each (a month, a shop): how many, to be paid, paid, credits; a table where there is room, a list on a phone. */
function LinesTable({ label, rows }: { label: string; rows: (Line & { key: string; name: string })[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (!rows.length) return <Typography color="text.secondary">Ancora niente.</Typography>;
  if (phone) {
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((r) => (
          <li key={r.key}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {lineText(r)}
            </Typography>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{label}</TableCell>
          <TableCell align="right">Lavori</TableCell>
          <TableCell align="right">Da ricevere</TableCell>
          <TableCell align="right">Ricevuti</TableCell>
          <TableCell align="right">Crediti</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell sx={{ overflowWrap: 'break-word', minWidth: '7em' }}>{r.name}</TableCell>
            <TableCell align="right">{r.count}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.pending)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.paid)}
            </TableCell>
            <TableCell align="right">{r.credits}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EarningsView({ earnings: e }: { earnings: Earnings }) {
  if (e.totals.count === 0) {
    return (
      <EmptyState
        icon={<SavingsIcon />}
        title="Ancora nessun guadagno"
        text="Quando completi un incarico o un’attività, il compenso e i crediti compaiono qui, da ricevere e poi ricevuti."
        go={{ to: '/collaborator/assignments', label: 'Vai agli incarichi' }}
      />
    );
  }
  return (
    <>
      <StatGrid min={200}>
        <StatCard label="Da ricevere" value={formatMoney(e.totals.pending)} icon={<HourglassIcon />} />
        <StatCard label="Ricevuti" value={formatMoney(e.totals.paid)} icon={<EuroIcon />} />
        <StatCard label="Crediti AI guadagnati" value={e.totals.credits} icon={<AutoAwesomeIcon />} />
        <StatCard label="Lavori completati" value={e.totals.count} icon={<CheckCircleIcon />} />
      </StatGrid>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <SectionCard title="Per mese" icon={<SavingsIcon />}>
          <LinesTable label="Mese" rows={e.byMonth.map((m) => ({ ...m, key: m.month, name: formatMonth(m.month) }))} />
        </SectionCard>
        <SectionCard title="Per negozio" icon={<SavingsIcon />}>
          <LinesTable label="Negozio" rows={e.byStore.map((s) => ({ ...s, key: s.storeId, name: s.storeName }))} />
        </SectionCard>
      </Box>
      <Box sx={{ mt: 3 }}>
        <RecentList
          title="Ultimi lavori pagati o da pagare"
          items={e.latest}
          limit={10}
          empty="Ancora nessun lavoro completato."
          render={(item) => (
            <>
              <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {item.kind === 'assignment' ? 'Incarico' : 'Attività'} · {item.storeName} · {formatDate(item.completedAt)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right', flexShrink: 0, ml: 'auto' }}>
                <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatMoney(item.amount)}
                  {item.credits ? ` + ${plural(item.credits, 'credito', 'crediti')}` : ''}
                </Typography>
                <Chip size="small" color={item.paymentStatus === 'paid' ? 'success' : 'warning'} label={assignmentPaymentStatusLabels[item.paymentStatus]} />
              </Box>
            </>
          )}
        />
      </Box>
    </>
  );
}

/**
 * /collaborator/earnings — what the collaborator earned: to be paid and paid, by month and by shop,
 * and the latest work; then their payment account, where the platform transfers the compensations
 * (issue [20]), and that account's balance, movements and monthly statements.
 */
export default function EarningsPage() {
  const { user } = useAuth();
  const collaborator = user?.role === 'collaborator';
  const earnings = useEarnings(collaborator);
  return (
    <>
      <DashboardHeader title="Guadagni" subtitle="Compensi e crediti dei lavori completati, da ricevere e ricevuti." />
      {!collaborator ? (
        <LinkAlert severity="info" to="/collaborator/assignments" label="Incarichi">
          I guadagni si leggono con un account collaboratore. Quanto paghi per ogni incarico è nella pagina dell’incarico.
        </LinkAlert>
      ) : (
        <QueryView
          query={earnings}
          loading={<Skeletons label="Caricamento dei guadagni" heights={[96, 240]} gap={2} />}
          fallback="Impossibile caricare i guadagni. Riprova più tardi."
          failed={unlessNoProfile('Completa il profilo da collaboratore per ricevere incarichi e guadagnare.')}
        >
          {earnings.data && <EarningsView earnings={earnings.data} />}
        </QueryView>
      )}
      {collaborator && (
        <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <SectionCard title="Il tuo conto per i compensi" icon={<AccountBalanceIcon />}>
            <PaymentAccounts holder="collaborator" />
          </SectionCard>
          <CollaboratorLedger />
        </Box>
      )}
    </>
  );
}
