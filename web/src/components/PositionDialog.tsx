import CheckIcon from '@mui/icons-material/Check';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { useState } from 'react';
import { AddressField } from '../features/geocoding/AddressField';
import type { GeocodedPlace } from '../features/geocoding/api';
import { useMapSettings } from '../features/site-settings/api';
import { boundaryOf, countryName, italianCities, setPosition, useBrowserPosition, useChosenPosition } from '../app/position';

/**
 * "Da dove cerchi?": the browser's position, or a place typed (a comune, a district, a postal code,
 * an address: issue [22], with suggestions while typing), or one of the big cities at a click. Each
 * becomes the position of the whole visit (app/position.ts).
 */
export function PositionDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged?: () => void }) {
  const { locate, locating, problem } = useBrowserPosition();
  const current = useChosenPosition();
  const boundary = boundaryOf(useMapSettings());
  const [typed, setTyped] = useState('');
  const chosen = (city: { latitude: number; longitude: number; name: string }) => {
    setPosition({ latitude: city.latitude, longitude: city.longitude, label: city.name, source: 'city' });
    onChanged?.();
    onClose();
  };
  const placed = (place: GeocodedPlace) => chosen({ latitude: place.latitude, longitude: place.longitude, name: place.label });
  const elsewhere = boundary !== null && boundary !== 'IT';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      aria-labelledby="position-title"
      // The typed text goes once the dialog has faded out, so it does not flash the whole list.
      slotProps={{ transition: { onExited: () => setTyped('') } }}
    >
      <DialogTitle id="position-title">Da dove cerchi?</DialogTitle>
      <DialogContent dividers>
        <Button
          variant="contained"
          color="secondary"
          fullWidth
          size="large"
          startIcon={<MyLocationIcon />}
          disabled={locating}
          onClick={() =>
            locate(() => {
              onChanged?.();
              onClose();
            })
          }
        >
          {locating ? 'Rilevando...' : 'Usa la mia posizione'}
        </Button>
        {problem && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {problem}
          </Alert>
        )}
        <Divider sx={{ my: 2.5 }}>oppure scrivi dove</Divider>
        {elsewhere ? (
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {`I luoghi che conosciamo sono italiani e le ricerche sono limitate a ${countryName(boundary)}: usa la tua posizione.`}
          </Typography>
        ) : (
          <Box sx={{ mb: 1.5 }}>
            <AddressField
              label="Comune, quartiere, CAP o indirizzo"
              placeholder="es. Trastevere, 40068 o Via Roma 3, Cesena"
              value={typed}
              onChange={setTyped}
              onPlace={placed}
              autoComplete="address-level2"
              helperText="Scegli un suggerimento, oppure premi Invio."
            />
          </Box>
        )}
        {!elsewhere && typed.trim() === '' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Le città più grandi:
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          {(elsewhere || typed.trim() !== '' ? [] : italianCities.slice(0, 12)).map((city) => {
            const selected = current?.source === 'city' && current.label === city.name;
            return (
              <Button
                key={city.name}
                variant={selected ? 'contained' : 'outlined'}
                color={selected ? 'primary' : 'inherit'}
                startIcon={selected ? <CheckIcon /> : undefined}
                aria-pressed={selected}
                onClick={() => chosen(city)}
                sx={{ justifyContent: 'flex-start', borderColor: 'divider', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {city.name}
              </Button>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Chiudi
        </Button>
      </DialogActions>
    </Dialog>
  );
}
