import EditLocationIcon from '@mui/icons-material/EditLocationAlt';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Box, Button, Chip, Link as MuiLink, List, ListItem, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { formatDistance } from '../../app/position';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { useOwnProfile, useStoresInArea, type StoreInArea } from './api';
import { OpenRequestsSection } from './OpenRequestsSection';
import { RegisterInvitation } from './RegisterInvitation';

/* Leaflet loads only with the page that shows the map. */
const StoreMap = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.StoreMap })));

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase('it-IT') + text.slice(1);

/** /collaborator/stores-map: the active shops inside my coverage circle, on the map and as a list, and (later) their open requests. */
export default function StoresMapPage() {
  const { user } = useAuth();
  const profile = useOwnProfile(user?.id ?? '');
  const registered = !!profile.data;
  const shops = useStoresInArea({ enabled: registered && user?.role === 'collaborator' });
  // Spec §6 opens /collaborator paths to shopkeepers too; the area is a collaborator's own.
  if (user && user.role !== 'collaborator') return <Alert severity="info">La mappa dei negozi della zona è dei collaboratori: si apre con un account collaboratore.</Alert>;
  const header = <DashboardHeader title="Mappa negozi" subtitle="I negozi attivi dentro la tua area di copertura." />;
  if (!user || profile.isPending) return <Skeleton variant="rounded" height={480} />;
  if (profile.isError) return <Alert severity="error">Impossibile caricare il profilo da collaboratore. Riprova più tardi.</Alert>;
  if (!profile.data) {
    return (
      <>
        {header}
        <RegisterInvitation what="Per vedere i negozi della tua zona serve il profilo da collaboratore, con l’area in cui lavori." />
      </>
    );
  }
  const area = profile.data.coverageArea;
  const editArea = (
    <Button component={Link} to="/collaborator/coverage-area" variant="outlined" startIcon={<EditLocationIcon />}>
      Modifica l’area
    </Button>
  );
  return (
    <>
      <DashboardHeader title="Mappa negozi" subtitle={`Entro ${area.radiusKm.toLocaleString('it-IT')} km da ${area.address}.`} aside={editArea} />
      {shops.isError ? (
        <Alert severity="error">Impossibile caricare i negozi della zona. Riprova più tardi.</Alert>
      ) : !shops.data ? (
        <Skeleton variant="rounded" height={400} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={360} role="status" aria-label="Caricamento della mappa" />}>
            <StoreMap
              markers={shops.data.stores.map((s) => ({ id: s.id, latitude: s.latitude, longitude: s.longitude, label: s.name, href: `/stores/${s.slug}` }))}
              area={{ center: { latitude: area.latitude, longitude: area.longitude }, radiusKm: area.radiusKm }}
            />
          </Suspense>
          {shops.data.total === 0 ? (
            <EmptyState
              icon={<StorefrontIcon />}
              title="Nessun negozio nella tua zona"
              text="Nessun negozio attivo si trova dentro il tuo cerchio per ora. Allarga il raggio o sposta il centro per raggiungerne di più."
              action={editArea}
            />
          ) : (
            <StoreList stores={shops.data.stores} total={shops.data.total} />
          )}
          <OpenRequestsSection stores={shops.data.stores} />
        </Box>
      )}
    </>
  );
}

function StoreList({ stores, total }: { stores: StoreInArea[]; total: number }) {
  const title = total === 1 ? '1 negozio nella zona' : `${total.toLocaleString('it-IT')} negozi nella zona`;
  return (
    <SectionCard title={title} icon={<StorefrontIcon />}>
      {total > stores.length && (
        <Typography variant="body2" color="text.secondary">
          I {stores.length} più vicini al centro della tua zona.
        </Typography>
      )}
      <List disablePadding aria-label="Negozi nella zona" data-testid="stores-in-area">
        {stores.map((s) => (
          <ListItem key={s.id} divider disableGutters sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
            <Box sx={{ minWidth: 0 }}>
              <MuiLink component={Link} to={`/stores/${s.slug}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {s.name}
              </MuiLink>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {s.city || s.address}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {s.category && <Chip size="small" label={capitalized(s.category)} />}
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatDistance(s.distanceKm)}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
