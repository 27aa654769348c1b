import CheckIcon from '@mui/icons-material/Check';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useMapSettings } from '../features/site-settings/api';
import { boundaryOf, countryName, findCities, setPosition, useBrowserPosition, useChosenPosition } from '../app/position';

/**
 * "Da dove cerchi?": the browser's position, or a city of the list, found by typing its name or an
 * address in it (no geocoding service is reachable: the list is all there is). Either becomes the
 * position of the whole visit (app/position.ts).
 */
export function PositionDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged?: () => void }) {
  const { locate, locating, problem } = useBrowserPosition();
  const current = useChosenPosition();
  const boundary = boundaryOf(useMapSettings());
  const [typed, setTyped] = useState('');
  const cities = useMemo(() => findCities(typed, boundary), [typed, boundary]);
  const chosen = (city: (typeof cities)[number]) => {
    setPosition({ latitude: city.latitude, longitude: city.longitude, label: city.name, source: 'city' });
    onChanged?.();
    onClose();
  };
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
        <Divider sx={{ my: 2.5 }}>oppure scegli una città</Divider>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (cities[0]) chosen(cities[0]);
          }}
        >
          <TextField
            fullWidth
            size="small"
            label="Città o indirizzo"
            placeholder="es. Bologna, oppure Via Roma 1, Torino"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            helperText={
              boundary !== null && boundary !== 'IT'
                ? `Le città dell’elenco sono italiane e le ricerche sono limitate a ${countryName(boundary)}: usa la tua posizione.`
                : cities.length === 0
                  ? 'Nessuna città dell’elenco corrisponde: scrivi il capoluogo più vicino, oppure usa la tua posizione.'
                  : typed.trim()
                    ? `Invio per scegliere ${cities[0]!.name}.`
                    : ' '
            }
            slotProps={{ htmlInput: { enterKeyHint: 'search', autoComplete: 'address-level2' } }}
            sx={{ mb: 1.5 }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          {cities.map((city) => {
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
