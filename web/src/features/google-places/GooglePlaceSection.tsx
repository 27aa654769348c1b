import { Alert, Box, Button, List, ListItem, ListItemButton, ListItemText, Skeleton, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { FormSection } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { googlePlaceCandidates, useLinkGooglePlace, useMyGooglePlace, useUnlinkGooglePlace, type GooglePlaceCandidate } from './api';
import { GoogleRating } from './GoogleRating';

/**
 * «Google» in the shop's settings (issue [22]): the shop found on Google by its name and address
 * (or what is typed), confirmed by the shopkeeper; then its Google rating and photo show on its
 * page beside Vicino's reviews. Offered while the admin has Google Places on.
 */
export function GooglePlaceSection() {
  const { data, isPending, error } = useMyGooglePlace();
  const link = useLinkGooglePlace();
  const unlink = useUnlinkGooglePlace();
  const [typed, setTyped] = useState('');
  const [candidates, setCandidates] = useState<GooglePlaceCandidate[] | null>(null);
  const [looking, setLooking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{errorText(error, 'Collegamento a Google non disponibile: riprova tra poco.')}</Alert>;
  if (!data.available && !data.place) return null;

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setLooking(true);
    setProblem(null);
    try {
      setCandidates(await googlePlaceCandidates(typed));
    } catch (err) {
      setProblem(errorText(err, 'Ricerca su Google non riuscita: riprova tra poco.'));
    } finally {
      setLooking(false);
    }
  };
  const confirm = async (candidate: GooglePlaceCandidate) => {
    setProblem(null);
    try {
      await link.mutateAsync(candidate.placeId);
      setCandidates(null);
      toast({ title: 'Negozio collegato a Google', description: `${candidate.name}: la valutazione e la foto di Google compaiono nella pagina del negozio.`, variant: 'success' });
    } catch (err) {
      setProblem(errorText(err, 'Collegamento non riuscito: riprova tra poco.'));
    }
  };

  return (
    <FormSection
      title="Google"
      description="Collega il negozio al suo luogo su Google: la sua valutazione e una foto compaiono nella pagina del negozio, accanto alle recensioni di Vicino."
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        {data.place ? (
          <>
            <Alert severity="success">Il negozio è collegato al suo luogo su Google.</Alert>
            <GoogleRating place={data.place} />
            <Button variant="outlined" color="inherit" disabled={unlink.isPending} onClick={() => void unlink.mutateAsync()} sx={{ justifySelf: 'start', borderColor: 'divider' }}>
              Scollega da Google
            </Button>
          </>
        ) : (
          <>
            <Box
              component="form"
              role="search"
              aria-label="Cerca il negozio su Google"
              onSubmit={search}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
            >
              <TextField
                label="Nome e indirizzo su Google"
                size="small"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                helperText="Vuoto: cerchiamo il nome e l’indirizzo del negozio."
                sx={{ flex: '1 1 260px' }}
              />
              <Button type="submit" variant="contained" disabled={looking}>
                {looking ? 'Cerco…' : 'Cerca su Google'}
              </Button>
            </Box>
            {candidates && candidates.length === 0 && (
              <Typography color="text.secondary">Google non trova il negozio: scrivi il nome e l’indirizzo come compaiono su Google Maps.</Typography>
            )}
            {candidates && candidates.length > 0 && (
              <>
                <Typography variant="body2">È uno di questi? Sceglilo per collegarlo.</Typography>
                <List dense aria-label="Luoghi trovati su Google" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
                  {candidates.map((candidate) => (
                    <ListItem key={candidate.placeId} disablePadding>
                      <ListItemButton disabled={link.isPending} onClick={() => void confirm(candidate)}>
                        <ListItemText primary={candidate.name} secondary={candidate.address} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                <Typography variant="caption" color="text.secondary">
                  Risultati di Google
                </Typography>
              </>
            )}
          </>
        )}
      </Box>
    </FormSection>
  );
}
