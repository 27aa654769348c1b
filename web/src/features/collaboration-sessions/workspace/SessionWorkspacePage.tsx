import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import TouchAppIcon from '@mui/icons-material/TouchAppOutlined';
import { Alert, AlertTitle, Box, Button, Card, Tab, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Permission } from '@pure/assignments/labels';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { EmptyState } from '../../../components/EmptyState';
import { ScrollingTabs } from '../../../components/ScrollingTabs';
import { Skeletons } from '../../../components/Skeletons';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { errorText } from '../../../lib/client';
import { formatTime } from '../../../lib/dates';
import { useStoreProducts } from '../../products/api';
import { ProductCatalogue } from '../../products/shop/ProductsPage';
import { ShopOrders } from '../../orders/shop/OrdersPage';
import { useSessionDetail, type Session } from '../api';
import { permissionsText } from '../SessionParts';
import { SessionStory } from '../SessionStory';
import { CloseSessionDialog, Countdown, WithSession } from './WorkspaceParts';

type Section = 'prodotti' | 'ordini' | 'azioni';

const sectionOf: Record<Exclude<Section, 'azioni'>, Permission> = { prodotti: 'products', ordini: 'orders' };

export const sessionProductPath = (id: string) => `/collaborator/session/products/${id}`;

/** The shop's products the collaborator may touch: the shop's own list, edited from the session's pages. */
function Products({ session }: { session: Session }) {
  const { data: products = [], isLoading } = useStoreProducts(session.storeId);
  const newButton = (
    <Button component={Link} to="/collaborator/session/products/new" variant="contained" startIcon={<AddIcon />}>
      Nuovo prodotto
    </Button>
  );
  if (isLoading) return <Skeletons label="Caricamento dei prodotti" heights={[72, 72, 72]} gap={1.5} />;
  if (!products.length) {
    return (
      <EmptyState
        icon={<Inventory2Icon />}
        title="Il catalogo del negozio è vuoto"
        text="Aggiungi i prodotti del negozio: li vede subito il negoziante, con il tuo nome nella cronologia."
        action={newButton}
      />
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{newButton}</Box>
      <ProductCatalogue products={products} editPathOf={(p) => sessionProductPath(p.id)} />
    </>
  );
}

/** What the collaborator did for the shop so far, and the session's own story, read again each time it is shown. */
function Actions({ session }: { session: Session }) {
  const detail = useSessionDetail(session.id);
  if (detail.isPending) return <Skeletons label="Caricamento delle azioni" heights={[160]} gap={1} />;
  if (detail.isError) return <Alert severity="error">{errorText(detail.error, 'Impossibile leggere le azioni della sessione.')}</Alert>;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <SessionStory detail={detail.data} />
    </Card>
  );
}

function Workspace({ session }: { session: Session }) {
  const [params, setParams] = useSearchParams();
  const [closing, setClosing] = useState(false);
  const sections = (['prodotti', 'ordini'] as const).filter((s) => session.permissions.includes(sectionOf[s]));
  const asked = params.get('sezione') as Section | null;
  const section: Section = asked && (asked === 'azioni' || sections.includes(asked)) ? asked : (sections[0] ?? 'azioni');
  const creditsLeft = Math.max(0, session.aiCreditsAllocated - session.aiCreditsUsed);
  const waiting = session.awaitingConfirmation;
  return (
    <>
      <DashboardHeader
        title={`Sessione presso ${session.storeName}`}
        subtitle={session.storeAddress}
        aside={
          <Button variant="contained" color="secondary" startIcon={<LockIcon />} onClick={() => setClosing(true)}>
            Chiudi la sessione
          </Button>
        }
      />
      {waiting && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>In attesa della conferma del negoziante</AlertTitle>
          Hai inserito il codice giusto: appena il negoziante conferma dal suo telefono puoi lavorare per il negozio. Questa pagina si aggiorna da sola.
        </Alert>
      )}
      <StatGrid>
        <StatCard
          label="Tempo rimasto"
          value={<Countdown until={session.closeDeadline} />}
          hint={`Fine prevista alle ${formatTime(session.scheduledEndAt)}, chiusura automatica alle ${formatTime(session.closeDeadline)}`}
          icon={<TimerIcon />}
        />
        <StatCard label="Crediti AI rimasti" value={creditsLeft} hint={`su ${session.aiCreditsAllocated}`} icon={<AutoAwesomeIcon />} />
        <StatCard label="Azioni svolte" value={session.actionsCount} hint="per il negozio" icon={<TouchAppIcon />} />
      </StatGrid>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Puoi lavorare su: {session.permissions.length ? permissionsText(session.permissions) : 'nessuno strumento del negozio'}. Ogni azione resta nella cronologia del negozio con
        il tuo nome.
      </Typography>
      <Card sx={{ mb: 2 }}>
        <ScrollingTabs
          value={section}
          onChange={(_, next: Section) =>
            setParams(
              (p) => {
                const n = new URLSearchParams(p);
                n.set('sezione', next);
                n.delete('stato');
                return n;
              },
              { replace: true },
            )
          }
          aria-label="Sezioni della sessione"
        >
          {sections.includes('prodotti') && <Tab value="prodotti" label="Prodotti" sx={{ minHeight: 56 }} />}
          {sections.includes('ordini') && <Tab value="ordini" label="Ordini" sx={{ minHeight: 56 }} />}
          <Tab value="azioni" label="Azioni svolte" sx={{ minHeight: 56 }} />
        </ScrollingTabs>
      </Card>
      {waiting && section !== 'azioni' ? (
        <Typography color="text.secondary">Prodotti e ordini del negozio si aprono dopo la conferma del negoziante.</Typography>
      ) : section === 'prodotti' ? (
        <Products session={session} />
      ) : section === 'ordini' ? (
        <ShopOrders storeId={session.storeId} detailPath={(o) => `/collaborator/session/orders/${o.id}`} />
      ) : (
        <Actions session={session} />
      )}
      {closing && <CloseSessionDialog session={session} onClose={() => setClosing(false)} />}
    </>
  );
}

/**
 * /collaborator/session (collaborators only) — the active session's workspace: the shop, the time
 * and AI credits left, the shop's products and orders the collaborator may touch (the shop's own
 * lists and moves, acting for it), the actions done so far, and the closing with the shopkeeper's
 * code. No active session: how to activate one.
 */
export default function SessionWorkspacePage() {
  return <WithSession title="Sessione di lavoro">{(session) => <Workspace session={session} />}</WithSession>;
}
