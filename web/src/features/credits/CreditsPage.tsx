import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import HistoryIcon from '@mui/icons-material/History';
import HourglassIcon from '@mui/icons-material/HourglassBottomOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { DashboardHeader } from '../../components/DashboardHeader';
import { LoadMore } from '../../components/LoadMore';
import { SectionCard } from '../../components/SectionCard';
import { StatCard, StatGrid } from '../../components/StatCard';
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { randomUuid } from '../../lib/random-uuid';
import { buyLabels, usePaymentMethods, type PaymentMethod, type PublicPackage } from '../packages/api';
import { usePurchase } from '../packages/usePurchase';
import { AwaitingPayment } from '../payments/AwaitingPayment';
import { useList } from '../../lib/lists';
import { creditsText, creditsUrl, movementLabels, purchaseCredits, useCreditMovements, useCredits, type CreditMovement, type CreditPurchase } from './api';

/** /shopkeeper/credits and /collaborator/credits — the AI credits: balance, what expires, buying more, every movement. */
export default function CreditsPage() {
  const credits = useCredits();
  const [params] = useSearchParams();
  // Back from the provider's page (?acquisto=<package>): the credits show once the payment is confirmed.
  const bought = params.get('acquisto');
  const waiting = !!bought && (credits.data?.purchases ?? []).some((p) => p.status === 'pending');
  const summary = credits.data;
  return (
    <>
      <DashboardHeader title="Crediti AI" subtitle="Le funzioni AI (descrizioni, categorie, risposte, prezzi) si pagano in crediti: ogni uso scala il costo della funzione." />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {waiting && (
          <AwaitingPayment
            queryKeys={waitingForCredits}
            waiting="Stiamo verificando il pagamento: i crediti arrivano appena il fornitore lo conferma."
            late="Il pagamento non risulta ancora confermato. Se hai pagato, i crediti arriveranno appena giunge la conferma."
          />
        )}
        <StatGrid>
          <StatCard label="Saldo" value={summary ? summary.balance.toLocaleString('it-IT') : <Skeleton width={80} />} icon={<AutoAwesomeIcon />} hint="crediti utilizzabili ora" />
          <StatCard label="Acquistati" value={summary ? summary.totalPurchased.toLocaleString('it-IT') : <Skeleton width={60} />} icon={<ShoppingBagIcon />} />
          <StatCard label="Usati" value={summary ? summary.totalUsed.toLocaleString('it-IT') : <Skeleton width={60} />} icon={<TrendingDownIcon />} />
        </StatGrid>
        {summary && summary.expiringSoon.length > 0 && (
          <Alert severity="warning" icon={<HourglassIcon />}>
            {summary.expiringSoon.map((lot) => `${creditsText(lot.credits)} ${lot.credits === 1 ? 'scade' : 'scadono'} il ${formatDate(lot.expiresAt)}`).join('; ')}. I crediti
            durano 12 mesi dall’acquisto e si usano per primi quelli che scadono prima.
          </Alert>
        )}
        <Packs />
        {summary && summary.purchases.length > 0 && <Purchases purchases={summary.purchases} />}
        <Movements />
      </Box>
    </>
  );
}

/** What the page reads again while a payment is being confirmed. */
const waitingForCredits = [creditsUrl, '/api/credits/movements'];

/** The packs of credits on sale, each with a button per way to pay. */
function Packs() {
  const packs = useList<PublicPackage>('/api/packages?type=ai', { businessData: true });
  const methods = usePaymentMethods();
  return (
    <SectionCard title="Acquista crediti" icon={<ShoppingBagIcon />}>
      {packs.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (packs.data ?? []).length === 0 ? (
        <Typography color="text.secondary">Al momento non ci sono pacchetti di crediti in vendita.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}>
          {(packs.data ?? []).map((pack) => (
            <Pack key={pack.id} pack={pack} methods={methods.data ?? []} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function Pack({ pack, methods }: { pack: PublicPackage; methods: PaymentMethod[] }) {
  const { busy, error, buy } = usePurchase((method) => purchaseCredits(pack.id, method, randomUuid()));
  return (
    <Card
      component="article"
      aria-label={pack.name}
      variant="outlined"
      sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column', borderColor: pack.isPopular ? 'secondary.main' : undefined }}
    >
      <CardContent sx={{ display: 'grid', gap: 1, alignContent: 'start', flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {pack.isPopular && <Chip size="small" color="secondary" label="Più scelto" />}
          {pack.isPromotional && <Chip size="small" color="error" label={`-${pack.discountPercentage}%`} />}
        </Box>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {pack.name}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 800 }}>{creditsText(pack.credits)}</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{formatMoney(pack.price)}</Typography>
          {pack.isPromotional && <Typography sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>{formatMoney(pack.originalPrice)}</Typography>}
          {pack.credits > 0 && (
            <Typography variant="body2" color="text.secondary">
              ({formatMoney(pack.price / pack.credits)} a credito)
            </Typography>
          )}
        </Box>
        {pack.description && (
          <Typography variant="body2" color="text.secondary">
            {pack.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Validi 12 mesi dall’acquisto.
        </Typography>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0, display: 'grid', gap: 1 }}>
        {methods.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            I pagamenti online non sono ancora attivi: contatta l’amministrazione.
          </Typography>
        )}
        {methods.map((method) => (
          <Button key={method} sx={{ m: '0 !important' }} variant={method === methods[0] ? 'contained' : 'outlined'} onClick={() => void buy(method)} disabled={busy} fullWidth>
            Acquista {buyLabels[method]}
          </Button>
        ))}
        {error && <Alert severity="error">{error}</Alert>}
      </CardActions>
    </Card>
  );
}

const purchaseStates: Record<CreditPurchase['status'], { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  pending: { label: 'In attesa del pagamento', color: 'warning' },
  completed: { label: 'Completato', color: 'success' },
  failed: { label: 'Non riuscito', color: 'error' },
  refunded: { label: 'Rimborsato', color: 'default' },
};

function Purchases({ purchases }: { purchases: CreditPurchase[] }) {
  return (
    <SectionCard title="I tuoi acquisti di crediti" icon={<ReceiptLongIcon />}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {purchases.map((p) => (
          <Box
            component="li"
            key={p.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {p.packageName} · {creditsText(p.credits)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(p.createdAt)} · {formatMoney(p.amount)}
              </Typography>
            </Box>
            <Chip size="small" color={purchaseStates[p.status].color} label={purchaseStates[p.status].label} />
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

/** What a movement was for, as its owner reads it ("Descrizione di «Caciotta»"; a hold settled says it was charged). */
function MovementLine({ m }: { m: CreditMovement }) {
  const positive = m.credits > 0;
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={movementLabels[m.kind]} />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(m.at)}
          </Typography>
        </Box>
        <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{m.description}</Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: positive ? 'success.main' : m.credits < 0 ? 'text.primary' : 'text.secondary' }}>
        {m.credits === 0 ? '—' : `${positive ? '+' : '−'}${Math.abs(m.credits).toLocaleString('it-IT')}`}
      </Typography>
    </Box>
  );
}

function Movements() {
  const list = useCreditMovements();
  return (
    <SectionCard title="Movimenti" icon={<HistoryIcon />}>
      {list.isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.items.length === 0 ? (
        <Typography color="text.secondary">Nessun movimento: qui troverai acquisti, usi delle funzioni AI e scadenze.</Typography>
      ) : (
        <Box component="ul" aria-label="Movimenti dei crediti" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.items.map((m) => (
            <MovementLine key={m.id} m={m} />
          ))}
        </Box>
      )}
      <LoadMore list={list} label="Mostra altri movimenti" noun="movimenti" />
    </SectionCard>
  );
}
