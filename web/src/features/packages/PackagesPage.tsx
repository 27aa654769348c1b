import CheckIcon from '@mui/icons-material/Check';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DashboardHeader } from '../../components/DashboardHeader';
import { SectionCard } from '../../components/SectionCard';
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { randomUuid } from '../../lib/random-uuid';
import { AwaitingPayment } from '../payments/AwaitingPayment';
import { usePurchase } from './usePurchase';
import { paymentMethodLabels } from '../payments/api';
import { buyLabels, packageTypeLabels, purchasePackage, useMyPackages, usePackages, usePaymentMethods, type MyPackages, type PaymentMethod, type PublicPackage } from './api';
import { plural } from '@platform/domain/format';

const paymentLabels: Record<string, string> = { sandbox: 'Pagamento di prova', stripe: 'Carta', ...paymentMethodLabels };

/** /shopkeeper/packages — the plans and packs on sale, the plan in force and its end, the purchases. */
export default function PackagesPage() {
  const packages = usePackages();
  const mine = useMyPackages();
  const methods = usePaymentMethods();
  // Back from the provider's page (?acquisto=<package>): the plan shows once the payment is confirmed.
  const [params] = useSearchParams();
  const bought = params.get('acquisto');
  const boughtActive = !!bought && (mine.data?.purchases ?? []).some((p) => p.packageId === bought && p.isActive);
  return (
    <>
      <DashboardHeader title="Pacchetti" subtitle="Scegli il piano del tuo negozio: spedizioni, pagamenti online, crediti AI e collaboratori." />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {bought && !boughtActive && (
          <AwaitingPayment
            queryKeys={waitingForPlan}
            waiting="Stiamo verificando il pagamento: il pacchetto si attiva appena il fornitore lo conferma."
            late="Il pagamento non risulta ancora confermato. Se hai pagato, il pacchetto comparirà tra i tuoi acquisti appena arriva la conferma."
          />
        )}
        <CurrentPlan mine={mine.data} loading={mine.isPending} />
        {packages.isPending ? (
          <Grid>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={280} sx={{ borderRadius: 3 }} />
            ))}
          </Grid>
        ) : (
          <Grid>
            {(packages.data ?? []).map((p) => (
              <PackageCard key={p.id} pkg={p} current={mine.data?.current?.packageId === p.id} methods={methods.data ?? []} />
            ))}
          </Grid>
        )}
        <Purchases mine={mine.data} />
      </Box>
    </>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>{children}</Box>;
}

function CurrentPlan({ mine, loading }: { mine: MyPackages | undefined; loading: boolean }) {
  if (loading) return <Skeleton variant="rounded" height={64} />;
  const current = mine?.current;
  return current ? (
    <Alert severity="success" icon={<WorkspacePremiumIcon />}>
      Il tuo piano è <strong>{current.name}</strong>, attivo fino al {formatDateTime(current.expiresAt)}. Rinnovandolo prima della scadenza, il nuovo periodo parte dalla scadenza
      attuale.
    </Alert>
  ) : (
    <Alert severity="info">Non hai un piano attivo: il negozio ha il ritiro in negozio. Spedizioni e pagamenti online si attivano con un piano che li include.</Alert>
  );
}

const waitingForPlan = ['/api/packages/mine'];

/** The card's buttons: one per way to pay; a free package is switched on at once. */
function BuyButtons({ pkg, methods, current }: { pkg: PublicPackage; methods: PaymentMethod[]; current: boolean }) {
  // The plan in force is renewed: its new period starts at its current end.
  const verb = current ? 'Rinnova' : 'Acquista';
  const queryClient = useQueryClient();
  const { busy, error, buy } = usePurchase(
    (method) => purchasePackage(pkg.id, method, randomUuid()),
    () => queryClient.invalidateQueries({ queryKey: ['/api/packages/mine'] }),
  );
  if (pkg.price === 0) {
    return (
      <Button variant="outlined" onClick={() => void buy(methods[0] ?? 'sandbox')} disabled={busy} fullWidth>
        Attiva gratis
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%' }}>
      {methods.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          I pagamenti online non sono ancora attivi: contatta l’amministrazione.
        </Typography>
      )}
      {methods.map((method) => (
        <Button key={method} variant={method === methods[0] ? 'contained' : 'outlined'} onClick={() => void buy(method)} disabled={busy} fullWidth>
          {verb} {buyLabels[method]}
        </Button>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}

function PackageCard({ pkg, current, methods }: { pkg: PublicPackage; current: boolean; methods: PaymentMethod[] }) {
  const free = pkg.price === 0;
  return (
    <Card sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column', border: 2, borderColor: pkg.isPopular ? 'secondary.main' : 'transparent' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start', flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', minHeight: 24 }}>
          <Chip size="small" label={packageTypeLabels[pkg.type]} />
          {pkg.isPopular && <Chip size="small" color="secondary" label="Più scelto" />}
          {pkg.isPromotional && <Chip size="small" color="error" label={`-${pkg.discountPercentage}%`} />}
          {current && <Chip size="small" color="success" label="Il tuo piano" />}
        </Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {pkg.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontSize: '1.8rem', fontWeight: 800 }}>{free ? 'Gratis' : formatMoney(pkg.price)}</Typography>
          {pkg.isPromotional && (
            <Typography sx={{ textDecoration: 'line-through', color: 'text.secondary' }} aria-label={`Prezzo di listino ${formatMoney(pkg.originalPrice)}`}>
              {formatMoney(pkg.originalPrice)}
            </Typography>
          )}
          {!free && <Typography color="text.secondary">per {plural(pkg.durationDays, 'giorno', 'giorni')}</Typography>}
        </Box>
        {pkg.isPromotional && pkg.promotionEndDate && (
          <Typography variant="body2" color="error.main">
            Offerta valida fino al {formatDate(pkg.promotionEndDate)}
          </Typography>
        )}
        <Typography color="text.secondary">{pkg.description}</Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {pkg.features.map((f) => (
            <Box component="li" key={f} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <CheckIcon fontSize="small" sx={{ color: 'success.main', mt: '2px' }} />
              <Typography variant="body2">{f}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <BuyButtons pkg={pkg} methods={methods} current={current} />
      </CardActions>
    </Card>
  );
}

/** Columns a phone leaves out: the purchase's end, amount and state matter most there. */
const wide = { display: { xs: 'none', sm: 'table-cell' } };

function Purchases({ mine }: { mine: MyPackages | undefined }) {
  const purchases = mine?.purchases ?? [];
  return (
    <SectionCard title="I tuoi acquisti" icon={<ReceiptLongIcon />}>
      {purchases.length === 0 ? (
        <Typography color="text.secondary">Non hai ancora acquistato pacchetti.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Pacchetto</TableCell>
                <TableCell sx={wide}>Acquistato il</TableCell>
                <TableCell>Scade il</TableCell>
                <TableCell sx={wide}>Pagamento</TableCell>
                <TableCell align="right">Importo</TableCell>
                <TableCell>Stato</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {purchases.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.packageName}</TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatDate(p.purchaseDate)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.expiresAt)}</TableCell>
                  <TableCell sx={wide}>{paymentLabels[p.paymentMethod] ?? p.paymentMethod}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(p.amount)}
                  </TableCell>
                  <TableCell>
                    {p.isActive ? (
                      <Chip size="small" color="success" label="Attivo" />
                    ) : p.deactivationReason ? (
                      <Chip size="small" color="warning" label={p.deactivationReason} />
                    ) : (
                      <Chip size="small" label="Concluso" />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}
