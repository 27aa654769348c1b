import { useDeferredValue, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ResponseOf } from '@platform/http/contract';
import type { earningsApi } from '@contracts/earnings';
import { accountStatusLabels } from '@labels/payments';
import { apiGet, errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { monthLabel } from '../api';
import { usePagedList } from '../../../lib/lists';
import { tooLong } from '../../../lib/text';
import { ListSearch } from '../../../components/ListSearch';
import { LoadMore } from '../../../components/LoadMore';

type PlatformEarnings = ResponseOf<typeof earningsApi.platform>;

const providerNames: Record<string, string> = { stripe: 'Stripe', sandbox: 'Pagamenti di prova', paypal: 'PayPal' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type Reconciliation = ResponseOf<typeof earningsApi.reconcile>;

type Holder = { holderKind: 'store' | 'collaborator'; holderId: string; holderName: string | null };
/** The holder's page in the back office: the shop's, or the collaborator's profile. */
const holderPage = (h: Holder) => `/admin/${h.holderKind === 'store' ? 'stores' : 'collaborators'}/${h.holderId}/show`;

/** Checks a holder's account (a shop's, a collaborator's) against the provider's own balance, and says whether they agree. */
function ReconcileButton({ holder, provider }: { holder: Holder; provider: string }) {
  const [checked, setChecked] = useState<Reconciliation | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const whose = holder.holderKind === 'store' ? 'stores' : 'collaborators';
      setChecked(await apiGet<Reconciliation>(`/api/admin/${whose}/${holder.holderId}/payment-accounts/${provider}/reconciliation`));
    } catch (error) {
      setFailed(errorText(error, 'Verifica non riuscita: riprova tra poco.'));
    } finally {
      setBusy(false);
    }
  };
  if (failed)
    return (
      <Typography variant="body2" color="error">
        {failed}
      </Typography>
    );
  if (!checked)
    return (
      <Button size="small" onClick={check} disabled={busy} aria-label={`Verifica il saldo di «${holder.holderName ?? ''}» presso ${providerNames[provider] ?? provider}`}>
        Verifica
      </Button>
    );
  if (checked.difference === null) return <Typography variant="body2">Nessun saldo separato: fa fede il registro</Typography>;
  return checked.difference === 0 ? (
    <Chip size="small" color="success" label="Torna col fornitore" />
  ) : (
    <Chip size="small" color="warning" label={`Differenza ${formatMoney(checked.difference)} (fornitore ${formatMoney(checked.providerBalance!.total)})`} />
  );
}

type PlatformAccount = ResponseOf<typeof earningsApi.platformAccounts>[number];

/** The most the accounts' search takes (`q` of the contract). */
const MAX_QUERY = 100;

/**
 * The shops' and collaborators' payment accounts, a page at a time (those with a failed payout
 * first, then by balance), searched by the holder's name.
 */
function AccountsSection() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const searched = tooLong(deferred, MAX_QUERY) ? '' : deferred;
  const list = usePagedList<PlatformAccount>(`/api/admin/earnings/accounts${searched ? `?q=${encodeURIComponent(searched)}` : ''}`, {
    pageSize: 25,
    businessData: true,
    idOf: (a) => `${a.holderKind}-${a.holderId}-${a.provider}`,
  });
  return (
    <Section title="Conti di pagamento dei negozi e dei collaboratori">
      <ListSearch label="Cerca per nome del negozio o del collaboratore" value={query} onChange={setQuery} limit={MAX_QUERY} />
      {list.isLoading ? (
        <LinearProgress aria-label="Caricamento dei conti" />
      ) : list.items.length === 0 ? (
        <Typography color="text.secondary">
          {searched ? `Nessun conto trovato per «${searched}».` : 'Nessun negozio o collaboratore ha ancora collegato un conto di pagamento.'}
        </Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label="Conti di pagamento (scorri di lato)">
          <Table size="small" aria-label="Conti di pagamento">
            <TableHead>
              <TableRow>
                <TableCell>Titolare</TableCell>
                <TableCell>Fornitore</TableCell>
                <TableCell>Stato</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Disponibile
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  In arrivo
                </TableCell>
                <TableCell>Ultimo bonifico</TableCell>
                <TableCell>Saldo del fornitore</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.items.map((a) => (
                <TableRow key={`${a.holderKind}-${a.holderId}-${a.provider}`}>
                  <TableCell>
                    <Link component={RouterLink} to={holderPage(a)}>
                      {a.holderName}
                    </Link>
                    {a.holderKind === 'collaborator' && ' (collaboratore)'}
                  </TableCell>
                  <TableCell>{providerNames[a.provider] ?? a.provider}</TableCell>
                  <TableCell>
                    <Chip size="small" color={a.status === 'enabled' ? 'success' : a.status === 'restricted' ? 'error' : 'default'} label={accountStatusLabels[a.status]} />
                    {a.failedPayouts > 0 && <Chip size="small" color="warning" sx={{ ml: 0.5 }} label={`${a.failedPayouts} bonifici non riusciti`} />}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(a.balance.available)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(a.balance.pending)}
                  </TableCell>
                  <TableCell>{a.lastPayoutAt ? formatDateTime(a.lastPayoutAt) : '—'}</TableCell>
                  <TableCell>
                    <ReconcileButton holder={a} provider={a.provider} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMore list={list} label="Mostra altri conti" noun="conti" />
    </Section>
  );
}

/** /admin/platform-earnings: what the platform kept each month, the shops' and collaborators' accounts and balances, the payouts that failed. */
export function PlatformEarningsPage() {
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'platform-earnings'],
    queryFn: async () => (await apiGet<PlatformEarnings>('/api/admin/earnings/overview'))!,
  });
  return (
    <>
      <Title title="Incassi della piattaforma" />
      {isPending && <LinearProgress aria-label="Caricamento degli incassi" />}
      {error && <Alert severity="error">{errorText(error, 'Non è stato possibile leggere gli incassi: riprova tra poco.')}</Alert>}
      {data && (
        <Box sx={{ mt: 2 }}>
          {data.failedPayouts.length > 0 && (
            <Section title="Bonifici non riusciti">
              <Alert severity="warning" sx={{ mb: 1 }}>
                Il fornitore non è riuscito a versare questi importi sul conto bancario del titolare: l’importo resta nel suo saldo finché i dati bancari non sono corretti.
              </Alert>
              <TableContainer tabIndex={0} role="region" aria-label="Bonifici non riusciti (scorri di lato)">
                <Table size="small" aria-label="Bonifici non riusciti">
                  <TableHead>
                    <TableRow>
                      <TableCell>Titolare</TableCell>
                      <TableCell>Fornitore</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        Importo
                      </TableCell>
                      <TableCell>Motivo</TableCell>
                      <TableCell>Segnalato il</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.failedPayouts.map((p) => (
                      <TableRow key={`${p.provider}-${p.payoutId}`}>
                        <TableCell>
                          <Link component={RouterLink} to={holderPage(p)}>
                            {p.holderName ?? '—'}
                          </Link>
                          {p.holderKind === 'collaborator' && ' (collaboratore)'}
                        </TableCell>
                        <TableCell>{providerNames[p.provider] ?? p.provider}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(p.amount)}
                        </TableCell>
                        <TableCell>
                          {p.failure}
                          {p.failureMessage ? ` («${p.failureMessage}»)` : ''}
                          {p.wasPaid ? ' — l’importo è tornato nel saldo' : ''}
                        </TableCell>
                        <TableCell>{formatDateTime(p.failedAt)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              {data.failedPayoutsCount > data.failedPayouts.length && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Sono mostrati i {data.failedPayouts.length} più recenti su {data.failedPayoutsCount}: gli altri sono nella pagina di ogni titolare.
                </Typography>
              )}
            </Section>
          )}
          <Section title="Ricavi per mese">
            <TableContainer tabIndex={0} role="region" aria-label="Ricavi per mese (scorri di lato)">
              <Table size="small" aria-label="Ricavi per mese">
                <TableHead>
                  <TableRow>
                    <TableCell>Mese</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      Commissioni sulle vendite
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      Piani
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      Crediti AI
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      Totale
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.revenue.map((r) => (
                    <TableRow key={r.month}>
                      <TableCell sx={{ textTransform: 'capitalize', whiteSpace: 'nowrap' }}>{monthLabel(r.month)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(r.commissions)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(r.plans)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(r.credits)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {formatMoney(r.total)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Commissioni: quelle trattenute sui pagamenti online ai negozi, al netto di rimborsi e contestazioni (IVA inclusa). Piani e crediti: gli acquisti pagati, al netto dei
              rimborsi.
            </Typography>
          </Section>
          <AccountsSection />
        </Box>
      )}
    </>
  );
}
