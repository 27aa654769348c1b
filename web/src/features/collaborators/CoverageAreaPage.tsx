import MapIcon from '@mui/icons-material/Map';
import PlaceIcon from '@mui/icons-material/Place';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import { SectionCard } from '../../components/SectionCard';
import { toast } from '../../components/toast/toast-store';
import { ApiError, errorText } from '../../lib/client';
import { useOwnProfile, useSaveProfile, useStoresInArea, type CollaboratorProfile } from './api';
import { useSettled } from '../../app/use-settled';
import { CoverageAreaFields, radiusProblem, type CoverageArea } from './CoverageAreaFields';
import { RegisterInvitation } from './RegisterInvitation';

const shopsText = (n: number) => (n === 1 ? '1 negozio attivo' : `${n.toLocaleString('it-IT')} negozi attivi`);

/** /collaborator/coverage-area (collaborator only): the centre and radius of my area on the map, with the shops inside it, live. */
export default function CoverageAreaPage() {
  const { user } = useAuth();
  const profile = useOwnProfile(user?.id ?? '');
  if (!user || profile.isPending) return <Skeleton variant="rounded" height={480} />;
  if (profile.isError) return <Alert severity="error">Impossibile caricare il profilo da collaboratore. Riprova più tardi.</Alert>;
  return (
    <>
      <DashboardHeader title="Area di copertura" subtitle="Dove lavori e fin dove arrivi: ricevi le richieste dei negozi dentro il cerchio." />
      {profile.data ? (
        <AreaForm userId={user.id} profile={profile.data} />
      ) : (
        <RegisterInvitation what="Per scegliere l’area in cui lavori serve il profilo da collaboratore: lo completi una volta, con area, servizi e disponibilità." />
      )}
    </>
  );
}

function AreaForm({ userId, profile }: { userId: string; profile: CollaboratorProfile }) {
  const saved = profile.coverageArea;
  const save = useSaveProfile(userId, true);
  const [area, setArea] = useState<CoverageArea>({ address: saved.address, position: { latitude: saved.latitude, longitude: saved.longitude }, radiusKm: saved.radiusKm });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { position, radiusKm } = area;
  const circle = useSettled(position && !radiusProblem(radiusKm) ? { ...position, radiusKm } : null);
  const shops = useStoresInArea({ preview: circle });
  const changed = area.address !== saved.address || radiusKm !== saved.radiusKm || position?.latitude !== saved.latitude || position?.longitude !== saved.longitude;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!area.address.trim()) return setErrors({ address: 'Indirizzo: campo obbligatorio.' });
    if (!position) return setErrors({ latitude: 'Indica sulla mappa il centro della zona in cui lavori.' });
    const radius = radiusProblem(radiusKm);
    if (radius) return setErrors({ radiusKm: radius });
    setErrors({});
    save.mutate(
      { address: area.address, ...position, radiusKm },
      {
        onSuccess: () => toast({ title: 'Area di copertura salvata', variant: 'success' }),
        onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
      },
    );
  };

  const inside = shops.data;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title="La tua zona" icon={<PlaceIcon />}>
        <CoverageAreaFields
          value={area}
          onChange={setArea}
          errors={errors}
          dots={inside?.stores.map((s) => ({ id: s.id, latitude: s.latitude, longitude: s.longitude, label: s.name })) ?? []}
        />
        <Alert severity={inside?.total ? 'success' : 'info'} icon={<StorefrontIcon />} aria-live="polite" data-testid="shops-in-area">
          {shops.isError ? (
            errorText(shops.error, 'Impossibile contare i negozi della zona. Riprova più tardi.')
          ) : !inside ? (
            'Conto i negozi della zona...'
          ) : (
            <>
              <strong>{shopsText(inside.total)}</strong> {inside.total === 1 ? 'si trova' : 'si trovano'} entro {inside.coverageArea.radiusKm.toLocaleString('it-IT')} km dal centro
              {inside.total === 0 && ': allarga il raggio o sposta il centro per raggiungerne di più'}.
            </>
          )}
        </Alert>
      </SectionCard>
      {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorText(save.error, 'Salvataggio non riuscito. Riprova.')}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={save.isPending || !changed}>
          {save.isPending ? 'Salvataggio...' : 'Salva l’area'}
        </Button>
        <Button component={Link} to="/collaborator/stores-map" variant="outlined" startIcon={<MapIcon />}>
          Mappa dei negozi
        </Button>
        {changed && (
          <Typography variant="body2" color="text.secondary">
            Modifiche non salvate
          </Typography>
        )}
      </Box>
    </Box>
  );
}
