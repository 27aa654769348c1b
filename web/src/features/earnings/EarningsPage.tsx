import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import ReplayIcon from '@mui/icons-material/Replay';
import GavelIcon from '@mui/icons-material/Gavel';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Chip, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { DashboardHeader } from '../../components/DashboardHeader';
import { SectionCard } from '../../components/SectionCard';
import { StatCard, StatGrid } from '../../components/StatCard';
import { apiGet, errorText } from '../../lib/client';
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { monthLabel, movementLabels, useEarnings, useStatementMonths, type EarningsMovement, type EarningsPayout, type ShopEarnings, type StatementMonthList } from './api';

/** Today's date in Rome (YYYY-MM-DD), and the first and last day of a month `back` months ago. */
function romeMonth(back: number): { from: string; to: string } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [
    number,
    number,
  ];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(year, month - back, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const signed = (euros: number) => (euros < 0 ? `−${formatMoney(-euros)}` : formatMoney(euros));

/** One movement: what it was, when, for which order (or assignment), and the holder's part with its gross and commission. */
export function MovementLine({ m }: { m: EarningsMovement }) {
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            variant="outlined"
            color={m.kind === 'sale' || m.kind === 'transfer' ? 'success' : m.kind === 'payout_reversal' ? 'error' : m.kind === 'payout' ? 'info' : 'default'}
            label={movementLabels[m.kind]}
          />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(m.at)}
          </Typography>
        </Stack>
        <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {m.orderId || m.assignmentId ? (
            <Link component={RouterLink} to={m.orderId ? `/shopkeeper/orders/${m.orderId}` : `/collaborator/assignments/${m.assignmentId}`}>
              {m.description}
            </Link>
          ) : (
            m.description
          )}
        </Typography>
        {m.paymentId && (
          <Typography variant="body2" color="text.secondary">
            Lordo {signed(m.gross)} · commissione {signed(m.fee)}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: m.net >= 0 ? 'success.main' : 'text.primary' }} aria-label={`Netto per te ${signed(m.net)}`}>
        {m.net > 0 ? '+' : ''}
        {signed(m.net)}
      </Typography>
    </Box>
  );
}

/** The holder's money at the providers now (a shop's, or a collaborator's compensations), and the latest payouts to their bank (a failed one said plainly). */
export function BalanceCard({ balance, payouts, holder = 'store' }: { balance: ShopEarnings['balance']; payouts: EarningsPayout[]; holder?: 'store' | 'collaborator' }) {
  const shop = holder === 'store';
  return (
    <SectionCard title="Saldo presso il fornitore" icon={<SavingsIcon />}>
      <StatGrid min={150}>
        <StatCard label="Disponibile" value={formatMoney(balance.available)} hint="Sarà versato con il prossimo bonifico" icon={<AccountBalanceIcon />} />
        {shop && <StatCard label="In arrivo" value={formatMoney(balance.pending)} hint="Vendite degli ultimi giorni, non ancora disponibili" icon={<HourglassIcon />} />}
        <StatCard label="Saldo totale" value={formatMoney(balance.total)} hint={shop ? 'Disponibile più in arrivo' : 'Compensi ricevuti meno i bonifici'} icon={<SavingsIcon />} />
      </StatGrid>
      {payouts.some((p) => p.status === 'failed') && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {shop
            ? 'Un bonifico alla tua banca non è riuscito: controlla l’IBAN nel conto di pagamento (Impostazioni negozio › Pagamenti). L’importo resta nel saldo.'
            : 'Un bonifico alla tua banca non è riuscito: controlla l’IBAN nel tuo conto presso il fornitore. L’importo resta nel saldo.'}
        </Alert>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Ultimi bonifici
      </Typography>
      {payouts.length === 0 ? (
        <Typography color="text.secondary">
          Nessun bonifico ancora: il fornitore versa il saldo disponibile sul conto bancario {shop ? 'del negozio' : 'che hai indicato'}.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Ultimi bonifici" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {payouts.map((p) => (
            <Box
              component="li"
              key={`${p.provider}-${p.payoutId}`}
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" color={p.status === 'paid' ? 'success' : 'error'} label={p.status === 'paid' ? 'Versato' : 'Non riuscito'} />
                  <Typography variant="body2" color="text.secondary">
                    {p.status === 'paid' ? `In arrivo il ${formatDate(`${p.arrivalDate}T12:00:00Z`)}` : `Segnalato il ${formatDateTime(p.reportedAt)}`}
                  </Typography>
                </Stack>
                {p.failure && (
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {p.failure}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatMoney(p.amount)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

/** The monthly statements: each month with movements, its figures, its PDF and CSV to download (`chosen`: the month an e-mail pointed to, shown in view). */
export function StatementsCard({ list, base, chosen, holder = 'store' }: { list: StatementMonthList; base: string; chosen?: string | null; holder?: 'store' | 'collaborator' }) {
  const { months } = list;
  const shop = holder === 'store';
  // Come from the month's e-mail: its statement in view, once (not again as more months load).
  useEffect(() => {
    if (chosen) document.getElementById(`estratto-${chosen}`)?.scrollIntoView({ block: 'center' });
  }, [chosen]);
  return (
    <SectionCard title="Estratti conto mensili" icon={<DescriptionIcon />}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {shop
          ? 'Ogni mese chiuso ha il suo estratto conto, con i dati per la fattura delle commissioni: lo ricevi anche per e-mail il primo giorno del mese successivo.'
          : 'Ogni mese chiuso ha il suo estratto conto, con i compensi ricevuti sul tuo conto e i bonifici alla tua banca: lo ricevi anche per e-mail il primo giorno del mese successivo.'}
      </Typography>
      <Box component="ul" aria-label="Estratti conto" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {months.map((m) => (
          <Box
            component="li"
            key={m.month}
            id={`estratto-${m.month}`}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
              py: 1,
              px: chosen === m.month ? 1 : 0,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: chosen === m.month ? 'action.selected' : undefined,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
                {monthLabel(m.month)}
                {m.provisional && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, textTransform: 'none' }}>
                    (mese in corso, provvisorio)
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shop
                  ? `${m.sales} ${m.sales === 1 ? 'ordine' : 'ordini'} · commissioni ${formatMoney(m.fees)} · netto ${formatMoney(m.net)}`
                  : `${m.sales} ${m.sales === 1 ? 'compenso' : 'compensi'} · ${formatMoney(m.net)}`}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button size="small" variant="outlined" href={`${base}/${m.month}/pdf`} download aria-label={`Scarica l’estratto conto di ${monthLabel(m.month)} in PDF`}>
                PDF
              </Button>
              <Button size="small" variant="outlined" href={`${base}/${m.month}/csv`} download aria-label={`Scarica l’estratto conto di ${monthLabel(m.month)} in CSV`}>
                CSV
              </Button>
            </Stack>
          </Box>
        ))}
      </Box>
      {list.hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button variant="outlined" onClick={list.loadMore} disabled={list.isLoadingMore} startIcon={<ExpandMoreIcon />}>
            {list.isLoadingMore ? 'Caricamento...' : 'Mostra i mesi precedenti'}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}

/**
 * /shopkeeper/earnings, «Incassi»: what the shop took online in a period (the current month unless
 * chosen), the platform's commission and the refunds, what is left for the shop, and each movement.
 */
export default function EarningsPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = romeMonth(0);
  const from = params.get('dal') ?? thisMonth.from;
  const to = params.get('al') ?? thisMonth.to;
  const earnings = useEarnings({ from, to });
  const statements = useStatementMonths();
  const chosenStatement = params.get('estratto');
  const choose = (period: { from: string; to: string }) => setParams({ dal: period.from, al: period.to }, { replace: true });
  const data = earnings.data;
  // Older movements of the period, page after page (the first page comes with the totals).
  const noMore = { movements: [] as EarningsMovement[], next: null as string | null, loaded: false, busy: false, error: null as string | null };
  const [extra, setExtra] = useState(noMore);
  useEffect(() => setExtra(noMore), [from, to]); // eslint-disable-line react-hooks/exhaustive-deps -- a new period starts from its first page
  const more = async (before: string) => {
    setExtra((e) => ({ ...e, busy: true, error: null }));
    try {
      const page = (await apiGet<ShopEarnings>(`/api/earnings/mine?${new URLSearchParams({ from, to, before })}`))!;
      setExtra((e) => ({ movements: [...e.movements, ...page.movements], next: page.next, loaded: true, busy: false, error: null }));
    } catch (error) {
      setExtra((e) => ({ ...e, busy: false, error: errorText(error, 'Non è stato possibile leggere altri movimenti: riprova.') }));
    }
  };

  return (
    <>
      <DashboardHeader
        title="Incassi"
        subtitle="I pagamenti online dei clienti arrivano sul conto del negozio presso il fornitore, al netto della commissione della piattaforma."
      />
      <SectionCard title="Periodo" icon={<ReceiptLongIcon />}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            label="Dal"
            value={from}
            onChange={(e) => e.target.value && choose({ from: e.target.value, to })}
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
          />
          <TextField
            type="date"
            label="Al"
            value={to}
            onChange={(e) => e.target.value && choose({ from, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => choose(thisMonth)}>
              Questo mese
            </Button>
            <Button variant="outlined" onClick={() => choose(romeMonth(1))}>
              Mese scorso
            </Button>
          </Stack>
        </Stack>
      </SectionCard>
      <Box sx={{ mt: 3 }}>
        {earnings.isError && <Alert severity="error">{errorText(earnings.error, 'Non è stato possibile leggere gli incassi: riprova tra poco.')}</Alert>}
        {earnings.isPending && <Skeleton variant="rounded" height={160} />}
        {data && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              Dal {formatDate(`${data.period.from}T12:00:00Z`)} al {formatDate(`${data.period.to}T12:00:00Z`)}
            </Typography>
            <StatGrid min={170}>
              <StatCard
                label="Incassato dai clienti"
                value={formatMoney(data.totals.gross)}
                hint={`${data.totals.sales} ${data.totals.sales === 1 ? 'ordine pagato' : 'ordini pagati'} online`}
                icon={<PaymentsIcon />}
              />
              <StatCard label="Commissioni" value={formatMoney(data.totals.fees)} hint="Trattenute dalla piattaforma" icon={<PercentIcon />} />
              <StatCard label="Rimborsi" value={formatMoney(data.totals.refunds)} hint="Restituiti ai clienti" icon={<ReplayIcon />} />
              {data.totals.chargebacks !== 0 && (
                <StatCard label="Contestazioni" value={formatMoney(data.totals.chargebacks)} hint="Riprese dalla banca del cliente" icon={<GavelIcon />} />
              )}
              <StatCard label="Netto per te" value={formatMoney(data.totals.net)} hint="Dopo commissioni, rimborsi e contestazioni" icon={<AccountBalanceIcon />} />
              <StatCard label="Bonifici in banca" value={formatMoney(data.totals.payouts)} hint="Versati dal fornitore nel periodo" icon={<SavingsIcon />} />
            </StatGrid>
            <BalanceCard balance={data.balance} payouts={data.payouts} />
            <SectionCard title="Movimenti" icon={<ReceiptLongIcon />}>
              {data.movements.length === 0 && extra.movements.length === 0 ? (
                <Typography color="text.secondary">Nessun incasso online in questo periodo. Gli ordini pagati in contanti non compaiono qui.</Typography>
              ) : (
                <Box component="ul" aria-label="Movimenti degli incassi" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {[...data.movements, ...extra.movements].map((m) => (
                    <MovementLine key={m.id} m={m} />
                  ))}
                </Box>
              )}
              {(extra.loaded ? extra.next : data.next) && (
                <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
                  <Button variant="outlined" disabled={extra.busy} onClick={() => void more((extra.loaded ? extra.next : data.next)!)}>
                    Mostra altri movimenti
                  </Button>
                </Box>
              )}
              {extra.error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {extra.error}
                </Alert>
              )}
            </SectionCard>
          </>
        )}
        {statements.data && <StatementsCard list={statements.data} base="/api/earnings/mine/statements" chosen={chosenStatement} />}
      </Box>
    </>
  );
}
