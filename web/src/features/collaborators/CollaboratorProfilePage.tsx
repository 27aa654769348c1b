import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Skeleton, Switch, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { collaboratorServices, MAX_AVAILABILITY_TEXT, MAX_BIO, type CollaboratorService } from '@pure/collaborators/services';
import { useAuth } from '../../app/auth';
import { DashboardHeader } from '../../components/DashboardHeader';
import type { GeoPosition } from '../../components/GeoBox';
import { SectionCard } from '../../components/SectionCard';
import { LimitedTextField, tooLongFields } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { ApiError, errorText } from '../../lib/client';
import { formatDate } from '../../lib/dates';
import { useOwnProfile, useSaveProfile, type CollaboratorProfile, type Registration } from './api';
import { CoverageAreaFields, radiusProblem } from './CoverageAreaFields';

/** What each approval state means for the collaborator, and what to do about it. */
const approvalText: Record<CollaboratorProfile['approvalStatus'], { severity: 'info' | 'success' | 'warning' | 'error'; text: string }> = {
  pending: {
    severity: 'info',
    text: 'Il tuo profilo è in attesa di approvazione: l’amministrazione lo controlla e riceverai una notifica con l’esito. Fino ad allora i negozi non ti vedono.',
  },
  approved: { severity: 'success', text: 'Il tuo profilo è approvato: i negozi nella tua zona ti vedono quando sei attivo e disponibile.' },
  rejected: { severity: 'error', text: 'Il tuo profilo non è stato approvato. Correggilo e salvalo: tornerà in attesa di approvazione.' },
  suspended: { severity: 'warning', text: 'Il tuo profilo è sospeso: i negozi non ti vedono finché l’amministrazione non lo riattiva.' },
};

/**
 * /collaborator/register and /collaborator/profile — one page: the form registers the profile while
 * there is none (at either address), then shows it with its approval and edits it.
 */
export default function CollaboratorProfilePage() {
  const { user } = useAuth();
  const profile = useOwnProfile(user?.id ?? '');
  // Spec §6 opens /collaborator paths to shopkeepers too; the profile is a collaborator's own.
  if (user && user.role !== 'collaborator') return <Alert severity="info">Il profilo da collaboratore si completa con un account collaboratore.</Alert>;
  if (!user || profile.isPending) return <Skeleton variant="rounded" height={480} />;
  if (profile.isError) return <Alert severity="error">Impossibile caricare il profilo da collaboratore. Riprova più tardi.</Alert>;
  const current = profile.data;
  return (
    <>
      <DashboardHeader
        title={current ? 'Profilo collaboratore' : 'Diventa collaboratore'}
        subtitle={
          current ? 'Zona di lavoro, servizi e disponibilità che i negozi vedono.' : 'Completa il profilo: dopo l’approvazione i negozi della tua zona potranno chiederti aiuto.'
        }
      />
      {current && <ApprovalState profile={current} />}
      <ProfileForm userId={user.id} current={current ?? null} />
    </>
  );
}

function ApprovalState({ profile }: { profile: CollaboratorProfile }) {
  const state = approvalText[profile.approvalStatus];
  return (
    <Alert severity={state.severity} sx={{ mb: 3 }}>
      {state.text}
      {profile.decisionReason && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Motivo: {profile.decisionReason}
        </Box>
      )}
      {profile.approvalStatus === 'approved' && profile.approvedAt && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Approvato il {formatDate(profile.approvedAt)} · valutazione {profile.rating.toLocaleString('it-IT')}/5 ·{' '}
          {profile.canActivateSessions ? 'puoi attivare sessioni di lavoro' : 'le sessioni di lavoro non sono ancora abilitate'}
        </Box>
      )}
    </Alert>
  );
}

function ProfileForm({ userId, current }: { userId: string; current: CollaboratorProfile | null }) {
  const navigate = useNavigate();
  const save = useSaveProfile(userId, current !== null);
  const [address, setAddress] = useState(current?.coverageArea.address ?? '');
  const [position, setPosition] = useState<GeoPosition | null>(current ? { latitude: current.coverageArea.latitude, longitude: current.coverageArea.longitude } : null);
  const [radiusKm, setRadiusKm] = useState(current?.coverageArea.radiusKm ?? 10);
  const [services, setServices] = useState<CollaboratorService[]>(current?.services ?? []);
  const [isAvailable, setAvailable] = useState(current?.isAvailable ?? true);
  const [active, setActive] = useState((current?.status ?? 'active') === 'active');
  const [availability, setAvailability] = useState(current?.availability ?? '');
  const [bio, setBio] = useState(current?.bio ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!address.trim()) missing.address = 'Indirizzo: campo obbligatorio.';
    if (!position) missing.latitude = 'Indica sulla mappa il centro della zona in cui lavori.';
    const radius = radiusProblem(radiusKm);
    if (radius) missing.radiusKm = radius;
    if (!services.length) missing.services = 'Servizi: scegli almeno uno tra quelli proposti.';
    for (const [field, problem] of Object.entries(tooLongFields({ availability: [availability, MAX_AVAILABILITY_TEXT], bio: [bio, MAX_BIO] })))
      if (problem) missing[field] = problem;
    setErrors(missing);
    if (Object.keys(missing).length || !position) return;
    const body: Registration = { address, ...position, radiusKm, services, isAvailable, availability, bio };
    save.mutate(current ? { ...body, status: active ? 'active' : 'inactive' } : body, {
      onSuccess: () => {
        toast({ title: current ? 'Profilo salvato' : 'Profilo inviato all’approvazione', variant: 'success' });
        if (!current) void navigate('/collaborator/profile');
      },
      onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
    });
  };

  const toggle = (id: CollaboratorService, on: boolean) => setServices((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title="Zona di lavoro" icon={<PlaceIcon />}>
        <CoverageAreaFields
          value={{ address, position, radiusKm }}
          onChange={(a) => {
            setAddress(a.address);
            setPosition(a.position);
            setRadiusKm(a.radiusKm);
          }}
          errors={errors}
        />
      </SectionCard>
      <SectionCard title="Servizi e disponibilità" icon={<HandshakeIcon />}>
        <Box>
          <Typography variant="subtitle2">Servizi che offri</Typography>
          <FormGroup row>
            {(Object.entries(collaboratorServices) as [CollaboratorService, string][]).map(([id, label]) => (
              <FormControlLabel key={id} control={<Checkbox checked={services.includes(id)} onChange={(e) => toggle(id, e.target.checked)} />} label={label} />
            ))}
          </FormGroup>
          {(errors.services || Object.keys(errors).find((k) => k.startsWith('services.'))) && (
            <FormHelperText error>{errors.services ?? 'Servizio non disponibile.'}</FormHelperText>
          )}
        </Box>
        <FormControlLabel control={<Switch checked={isAvailable} onChange={(e) => setAvailable(e.target.checked)} />} label="Disponibile per nuove richieste" />
        {current && <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label="Account attivo (spento: non ricevi richieste)" />}
        <LimitedTextField
          label="Disponibilità settimanale"
          value={availability}
          onChange={(e) => setAvailability(e.target.value)}
          placeholder="Es. lun–ven pomeriggio, sabato mattina"
          limit={MAX_AVAILABILITY_TEXT}
          error={errors.availability}
          hint={`Al massimo ${MAX_AVAILABILITY_TEXT} caratteri.`}
        />
        <LimitedTextField label="Presentazione" multiline minRows={3} value={bio} onChange={(e) => setBio(e.target.value)} limit={MAX_BIO} counted error={errors.bio} />
      </SectionCard>
      {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorText(save.error, 'Salvataggio non riuscito. Riprova.')}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Salvataggio...' : current ? 'Salva il profilo' : 'Invia il profilo'}
        </Button>
      </Box>
    </Box>
  );
}
