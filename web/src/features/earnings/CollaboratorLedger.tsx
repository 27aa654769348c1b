import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { QueryView } from '../../components/QueryView';
import { SectionCard } from '../../components/SectionCard';
import { Skeletons } from '../../components/Skeletons';
import { useCollaboratorLedger, useCollaboratorStatementMonths } from './api';
import { BalanceCard, MovementLine, StatementsCard } from './EarningsPage';

/**
 * A collaborator's compensations' account (issue [20]): what the platform transferred to their
 * payment account, what the provider paid out to their bank, the balance left, this month's
 * movements and the monthly statements to download (each mailed when its month closes). The same
 * ledger as a shop's «Incassi».
 */
export function CollaboratorLedger() {
  const ledger = useCollaboratorLedger();
  const statements = useCollaboratorStatementMonths();
  // Come from the month's e-mail (?estratto=AAAA-MM): its statement in view.
  const [params] = useSearchParams();
  return (
    <QueryView query={ledger} loading={<Skeletons label="Caricamento del conto dei compensi" heights={[96, 160]} gap={2} />} fallback="Impossibile leggere il conto dei compensi.">
      {ledger.data && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <BalanceCard balance={ledger.data.balance} payouts={ledger.data.payouts} holder="collaborator" />
          <SectionCard title="Movimenti del mese" icon={<ReceiptIcon />}>
            {ledger.data.movements.length === 0 ? (
              <Typography color="text.secondary">Nessun movimento questo mese: i compensi pagati con un trasferimento compaiono qui.</Typography>
            ) : (
              <Box component="ul" aria-label="Movimenti del conto dei compensi" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {ledger.data.movements.map((m) => (
                  <MovementLine key={m.id} m={m} />
                ))}
              </Box>
            )}
          </SectionCard>
          {statements.data && <StatementsCard list={statements.data} base="/api/earnings/collaborator/statements" holder="collaborator" chosen={params.get('estratto')} />}
        </Box>
      )}
    </QueryView>
  );
}
