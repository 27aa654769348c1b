import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Box, Button, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBrowserPosition, useChosenPosition, usePosition, type CustomerPosition } from '../app/position';
import { Facts } from './Facts';

/**
 * Loaded when first opened: the dialog (a modal, the address field's suggestions) is not part of
 * the home page's first load (issue [23], bench:web).
 */
const loadDialog = () => import('./PositionDialog');
const PositionDialog = lazy(() => loadDialog().then((m) => ({ default: m.PositionDialog })));

export interface GeoPosition {
  latitude: number;
  longitude: number;
}

export interface GeoBoxProps {
  /**
   * Demo mode: no browser prompt, a fixed position in Milan after the spec's delay, kept in the
   * box only: a demo must not move where the visitor searches from.
   */
  simulate?: boolean;
  onLocated?: (pos: GeoPosition) => void;
}

/* Spec §2 and §9: the simulated detection lands in Milan after 1000 ms. */
const SIMULATED_POSITION: CustomerPosition = { latitude: 45.4642, longitude: 9.19, label: 'Milano', source: 'browser' };
const SIMULATED_DELAY_MS = 1000;

/**
 * The geolocation box of spec §2: one button, then "Rilevando...", then the coordinates. What it
 * detects, or the city chosen under it, is the position every search and map of the visit uses.
 */
export function GeoBox({ simulate = false, onLocated }: GeoBoxProps) {
  const { locate, locating, problem } = useBrowserPosition();
  const chosen = useChosenPosition();
  const fallback = usePosition();
  const [simulated, setSimulated] = useState<CustomerPosition | 'detecting' | null>(null);
  const [picking, setPicking] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition.
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const detect = () => {
    if (simulate) {
      setSimulated('detecting');
      timer.current = setTimeout(() => {
        setSimulated(SIMULATED_POSITION);
        onLocated?.(SIMULATED_POSITION);
      }, SIMULATED_DELAY_MS);
      return;
    }
    locate(onLocated);
  };

  const detecting = simulate ? simulated === 'detecting' : locating;
  const known = simulate ? (typeof simulated === 'object' ? simulated : null) : chosen;

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
        {known ? (
          <Box sx={{ '& dd': { fontWeight: 600, fontVariantNumeric: 'tabular-nums' } }}>
            <Facts
              rows={[
                ['Posizione', known.source === 'city' ? known.label : known.place ? `Vicino a te: ${known.place}` : 'rilevata'],
                ['Latitudine', known.latitude.toFixed(4)],
                ['Longitudine', known.longitude.toFixed(4)],
              ]}
            />
          </Box>
        ) : (
          <>
            <Typography>
              Posizione:{' '}
              <Box component="strong" sx={{ fontWeight: 600 }}>
                non rilevata
              </Box>
            </Typography>
            {!simulate && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                Intanto cerchiamo intorno a {fallback.label}.
              </Typography>
            )}
          </>
        )}
        {!simulate && problem && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {problem}
          </Typography>
        )}
      </Box>

      <Button variant="contained" color="secondary" fullWidth onClick={detect} disabled={detecting} startIcon={<MyLocationIcon />}>
        {detecting ? 'Rilevando...' : 'Attiva Geolocalizzazione'}
      </Button>
      {!simulate && (
        <>
          <Button
            color="inherit"
            fullWidth
            onClick={() => {
              setOpened(true);
              setPicking(true);
            }}
            // Hovered or focused, the dialog's code starts loading before the click.
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            sx={{ mt: 1 }}
          >
            {known ? 'Cambia posizione' : 'Oppure scegli una città'}
          </Button>
          {opened && (
            <Suspense fallback={null}>
              <PositionDialog open={picking} onClose={() => setPicking(false)} />
            </Suspense>
          )}
        </>
      )}
    </Paper>
  );
}
