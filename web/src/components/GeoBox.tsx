import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export interface GeoPosition {
  latitude: number;
  longitude: number;
}

export interface GeoBoxProps {
  /** Demo mode: no browser prompt, a fixed position in Milan after the spec's delay. */
  simulate?: boolean;
  onLocated?: (pos: GeoPosition) => void;
}

/* Spec §2 and §9: the simulated detection lands in Milan after 1000 ms. */
const SIMULATED_POSITION: GeoPosition = { latitude: 45.4642, longitude: 9.19 };
const SIMULATED_DELAY_MS = 1000;

type GeoState =
  | { status: 'unknown'; problem?: string }
  | { status: 'detecting' }
  | { status: 'known'; position: GeoPosition };

function problemText(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Permesso negato: puoi inserire la posizione a mano più avanti.';
    case error.TIMEOUT:
      return 'Il rilevamento ha impiegato troppo tempo: riprova tra poco.';
    default:
      return 'Posizione non disponibile in questo momento: riprova o inseriscila a mano più avanti.';
  }
}

/** The geolocation box of spec §2: one button, then "Rilevando...", then the coordinates. */
export function GeoBox({ simulate = false, onLocated }: GeoBoxProps) {
  const [state, setState] = useState<GeoState>({ status: 'unknown' });
  // The browser may answer after the box is gone; a stale answer must not touch its state.
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const located = (position: GeoPosition) => {
    if (!mounted.current) return;
    setState({ status: 'known', position });
    onLocated?.(position);
  };

  const detect = () => {
    if (simulate) {
      setState({ status: 'detecting' });
      timer.current = setTimeout(() => located(SIMULATED_POSITION), SIMULATED_DELAY_MS);
      return;
    }
    if (!('geolocation' in navigator)) {
      setState({ status: 'unknown', problem: 'Il tuo browser non offre la geolocalizzazione: potrai inserire la posizione a mano più avanti.' });
      return;
    }
    setState({ status: 'detecting' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => located({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => {
        if (mounted.current) setState({ status: 'unknown', problem: problemText(error) });
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const detecting = state.status === 'detecting';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Box sx={{ width: 44, height: 44, flexShrink: 0, borderRadius: '50%', bgcolor: 'secondary.main', color: 'secondary.contrastText', display: 'grid', placeItems: 'center' }}>
          <MyLocationIcon />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            La tua posizione
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Ti mostriamo per primi i negozi più vicini.
          </Typography>
        </Box>
      </Box>

      <Box aria-live="polite" sx={{ mb: 2, minHeight: 48 }}>
        {state.status === 'known' ? (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography component="dt" color="text.secondary">Latitudine</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {state.position.latitude.toFixed(4)}
            </Typography>
            <Typography component="dt" color="text.secondary">Longitudine</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {state.position.longitude.toFixed(4)}
            </Typography>
          </Box>
        ) : (
          <>
            <Typography>
              Posizione:{' '}
              <Box component="strong" sx={{ fontWeight: 600 }}>
                non rilevata
              </Box>
            </Typography>
            {state.status === 'unknown' && state.problem && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {state.problem}
              </Typography>
            )}
          </>
        )}
      </Box>

      <Button
        variant="contained"
        color="secondary"
        fullWidth
        onClick={detect}
        disabled={detecting}
        startIcon={<MyLocationIcon />}
      >
        {detecting ? 'Rilevando...' : 'Attiva Geolocalizzazione'}
      </Button>
    </Paper>
  );
}
