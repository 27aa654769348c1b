import { Box, FormHelperText, Skeleton, Slider, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { RADIUS_KM } from '@pure/collaborators/services';
import type { GeoPosition } from '../../components/GeoBox';
import { AddressField } from '../geocoding/AddressField';

/* Leaflet loads only with the page that shows the map. */
const MapPicker = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.MapPicker })));

const areaWording = {
  hint: 'Clicca sulla mappa al centro della zona in cui lavori, o trascina il segnaposto; il raggio qui sotto dice fin dove arrivi.',
  mapLabel: 'Mappa per scegliere il centro della tua zona di lavoro',
  pinTitle: 'Centro della tua zona',
};

/** Why a radius is none a profile takes (a whole number of km within RADIUS_KM), else null. */
export const radiusProblem = (km: number): string | null =>
  Number.isInteger(km) && km >= RADIUS_KM.min && km <= RADIUS_KM.max ? null : `Raggio: un numero intero di km da ${RADIUS_KM.min} a ${RADIUS_KM.max}.`;

export interface CoverageArea {
  address: string;
  position: GeoPosition | null;
  radiusKm: number;
}

/**
 * A collaborator's coverage area, one set of fields for the profile and /collaborator/coverage-area:
 * the address (the place chosen in it centres the map), the centre on the map (click, drag, typed
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
  // The km as typed, kept as typed: a radius that is none goes up as it is (NaN when no number)
  // for the form to refuse, and is said here; never turned into the nearest one allowed.
  const [kmText, setKmText] = useState<string | null>(null);
  const fits = radiusProblem(radiusKm) === null;
  const kmProblem = errors.radiusKm ?? (kmText === null ? null : radiusProblem(radiusKm));
  const [placed, setPlaced] = useState<string | null>(null);
  return (
    <>
      <AddressField
        label="Indirizzo"
        required
        size="medium"
        value={address}
        onChange={(text) => onChange({ ...value, address: text })}
        // The centre follows the address chosen (issue [22]) and can still be moved on the map.
        onPlace={(place, text) => {
          setPlaced(place.label);
          onChange({ ...value, address: text, position: { latitude: place.latitude, longitude: place.longitude } });
        }}
        placeholder="Via, numero civico, città"
        error={!!errors.address}
        helperText={
          errors.address ??
          (placed
            ? `Centro della zona su ${placed}: spostalo sulla mappa se vuoi.`
            : 'Il centro della tua zona: i negozi non lo vedono. Scegli un suggerimento o premi Invio per centrare la mappa.')
        }
      />
      <Suspense fallback={<Skeleton variant="rounded" height={320} role="status" aria-label="Caricamento della mappa" />}>
        <MapPicker
          value={position}
          onChange={(p) => onChange({ ...value, position: p })}
          error={errors.latitude ?? errors.longitude}
          wording={areaWording}
          circleKm={fits ? radiusKm : undefined}
          dots={dots}
        />
      </Suspense>
      <Box>
        <Typography id="radius-label" gutterBottom>
          Raggio: <strong>{fits ? `${radiusKm.toLocaleString('it-IT')} km` : '—'}</strong> dal centro
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Slider
            aria-labelledby="radius-label"
            value={fits ? radiusKm : RADIUS_KM.min}
            min={RADIUS_KM.min}
            max={RADIUS_KM.max}
            step={1}
            onChange={(_, v) => {
              setKmText(null);
              onChange({ ...value, radiusKm: v });
            }}
            valueLabelDisplay="auto"
            sx={{ flex: 1, minWidth: 0 }}
          />
          <TextField
            label="Km"
            size="small"
            type="number"
            value={kmText ?? (Number.isFinite(radiusKm) ? radiusKm : '')}
            onChange={(e) => {
              setKmText(e.target.value);
              onChange({ ...value, radiusKm: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value) });
            }}
            error={Boolean(kmProblem)}
            slotProps={{ htmlInput: { min: RADIUS_KM.min, max: RADIUS_KM.max, step: 1, 'aria-label': 'Raggio in km' } }}
            sx={{ width: 96, flexShrink: 0 }}
          />
        </Box>
        {kmProblem && <FormHelperText error>{kmProblem}</FormHelperText>}
      </Box>
    </>
  );
}
