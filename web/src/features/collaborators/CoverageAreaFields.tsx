import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Button, FormHelperText, Skeleton, Slider, TextField, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { RADIUS_KM } from '@pure/collaborators/services';
import { boundaryOf, findCities } from '../../app/position';
import type { GeoPosition } from '../../components/GeoBox';
import { useMapSettings } from '../site-settings/api';

/* Leaflet loads only with the page that shows the map. */
const MapPicker = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

const areaWording = {
  hint: 'Clicca sulla mappa al centro della zona in cui lavori, o trascina il segnaposto; il raggio qui sotto dice fin dove arrivi.',
  mapLabel: 'Mappa per scegliere il centro della tua zona di lavoro',
  pinTitle: 'Centro della tua zona',
};

export interface CoverageArea {
  address: string;
  position: GeoPosition | null;
  radiusKm: number;
}

/**
 * A collaborator's coverage area, one set of fields for the profile and /collaborator/coverage-area:
 * the address (a city named in it can centre the map), the centre on the map (click, drag, typed
 * coordinates, the device's position) and the radius, drawn live as a circle; `dots` are places
 * shown inside it (the shops).
 */
export function CoverageAreaFields({
  value,
  onChange,
  errors,
  dots,
}: {
  value: CoverageArea;
  onChange: (next: CoverageArea) => void;
  errors: Record<string, string>;
  dots?: { id: string; latitude: number; longitude: number; label: string }[];
}) {
  const { address, position, radiusKm } = value;
  const boundary = boundaryOf(useMapSettings());
  const city = address.trim().length >= 3 ? findCities(address, boundary)[0] : undefined;
  const atCity = city && position && position.latitude === city.latitude && position.longitude === city.longitude;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextField
          label="Indirizzo"
          required
          value={address}
          onChange={(e) => onChange({ ...value, address: e.target.value })}
          placeholder="Via, numero civico, città"
          error={!!errors.address}
          helperText={errors.address ?? 'Il centro della tua zona: i negozi non lo vedono.'}
        />
        {city && !atCity && (
          <Button
            size="small"
            variant="text"
            color="secondary"
            startIcon={<TravelExploreIcon />}
            onClick={() => onChange({ ...value, position: { latitude: city.latitude, longitude: city.longitude } })}
            sx={{ justifySelf: 'start' }}
          >
            Centra la mappa su {city.name}
          </Button>
        )}
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Caricamento della mappa" />}>
        <MapPicker value={position} onChange={(p) => onChange({ ...value, position: p })} error={errors.latitude ?? errors.longitude} wording={areaWording} circleKm={radiusKm} dots={dots} />
      </Suspense>
      <Box>
        <Typography id="radius-label" gutterBottom>
          Raggio: <strong>{radiusKm.toLocaleString('it-IT')} km</strong> dal centro
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Slider
            aria-labelledby="radius-label"
            value={radiusKm}
            min={RADIUS_KM.min}
            max={RADIUS_KM.max}
            step={1}
            onChange={(_, v) => onChange({ ...value, radiusKm: v as number })}
            valueLabelDisplay="auto"
            sx={{ flex: 1, minWidth: 0 }}
          />
          <TextField
            label="Km"
            size="small"
            type="number"
            value={radiusKm}
            onChange={(e) => {
              const km = Math.round(Number(e.target.value));
              if (Number.isFinite(km) && e.target.value !== '') onChange({ ...value, radiusKm: Math.min(RADIUS_KM.max, Math.max(RADIUS_KM.min, km)) });
            }}
            slotProps={{ htmlInput: { min: RADIUS_KM.min, max: RADIUS_KM.max, step: 1, 'aria-label': 'Raggio in km' } }}
            sx={{ width: 96, flexShrink: 0 }}
          />
        </Box>
        {errors.radiusKm && <FormHelperText error>{errors.radiusKm}</FormHelperText>}
      </Box>
    </>
  );
}
