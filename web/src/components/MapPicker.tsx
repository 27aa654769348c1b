/// <reference types="leaflet.markercluster" />
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Box, Button, FormHelperText, Link as MuiLink, TextField, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { divIcon, latLng, latLngBounds, type DivIcon, type LeafletMouseEvent, type Marker as LeafletMarker, type MarkerCluster } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, Polyline, Popup, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { Link } from 'react-router-dom';
import { useMapSettings } from '../features/site-settings/api';
import { boundaryBounds, boundaryOf, countryName, useBrowserPosition, usePosition, withinBounds } from '../app/position';
import type { GeoPosition } from './GeoBox';

/*
 * The maps of the app, in one module that pulls in Leaflet: import it only with React.lazy or from
 * lazily loaded pages, so the home page's first load stays free of it.
 */

/* A map without pins opens at the visit's position (app/position.ts) and the admin's zoom. */
/** Close enough to see the street a single shop stands in. */
const streetZoom = 16;

const tileUrl = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const attribution = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const mapHeight = { xs: 280, sm: 360, md: 400 };

/**
 * A pin drawn as SVG in the brand's colour: Leaflet's default marker images are found through
 * CSS paths that a bundler rewrites, and an inline icon has nothing to load.
 */
function usePin(tint?: string): DivIcon {
  const brand = useTheme().palette.secondary.main;
  const color = tint ?? brand;
  return useMemo(
    () =>
      divIcon({
        className: '',
        iconSize: [32, 44],
        iconAnchor: [16, 43],
        popupAnchor: [0, -38],
        html: `<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="${color}" stroke="#2a1200" stroke-width="1.5"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
      }),
    [color],
  );
}

/**
 * Shops' pins grouped where they crowd, when the admin asks for it: one round badge with the count,
 * in the brand's colour; a tap zooms in on the group.
 */
function useClusterIcon() {
  const { secondary } = useTheme().palette;
  return useMemo(
    () => (cluster: MarkerCluster) => {
      const count = cluster.getChildCount();
      return divIcon({
        className: '',
        iconSize: [40, 40],
        html: `<div role="img" aria-label="${count} negozi qui: avvicinati per vederli" title="${count} negozi" style="width:40px;height:40px;border-radius:50%;display:grid;place-items:center;background:${secondary.main};color:${secondary.contrastText};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.35);font-weight:700;font-size:15px">${count}</div>`,
      });
    },
    [secondary.main, secondary.contrastText],
  );
}

const toLatLng = (p: GeoPosition): [number, number] => [p.latitude, p.longitude];
/** Six decimals place a point within about 10 cm: more is noise. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A coordinate typed by hand, with either decimal separator; null when it is not one. */
function parseCoordinate(text: string, limit: number): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Math.abs(n) <= limit ? n : null;
}

/** The boundary country's box, when the admin restricts to one the maps know. */
function useBoundary() {
  return boundaryBounds(boundaryOf(useMapSettings()));
}

/**
 * Keeps the map around the boundary country, with a little room so its edges can sit away from
 * the map's border; followed when the settings arrive or change after the map opened.
 */
function KeepInsideBoundary() {
  const map = useMap();
  const bounds = useBoundary();
  useEffect(() => {
    // An empty box is how Leaflet is told to stop keeping the map anywhere.
    map.setMaxBounds(bounds ? latLngBounds(bounds).pad(0.2) : latLngBounds([]));
  }, [map, bounds]);
  return null;
}

function MapFrame({ children, center, zoom, label }: { children: ReactNode; center: GeoPosition; zoom: number; label: string }) {
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        height: mapHeight,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // Leaflet's panes and controls carry z-indexes up to 1000: kept inside the map, they stay
        // under the page's sticky bars, menus and dialogs.
        isolation: 'isolate',
        // Where tiles cannot load (offline, tests) the map stays a calm grey, not a broken image.
        bgcolor: 'grey.200',
        '& .leaflet-container': { height: '100%', width: '100%', font: 'inherit', bgcolor: 'grey.200' },
        '& .leaflet-popup-content': { m: 1.5 },
      }}
    >
      {/* The wheel scrolls the page, not the map: a map inside a long page must not trap it. */}
      <MapContainer center={toLatLng(center)} zoom={zoom} scrollWheelZoom={false}>
        <TileLayer url={tileUrl} attribution={attribution} />
        <KeepInsideBoundary />
        {children}
      </MapContainer>
    </Box>
  );
}

/** A coordinate typed by hand; when it is not one within its range, it is marked and `range` says what it may be. */
function CoordinateInput({ label, range, text, invalid, onChange }: { label: string; range: string; text: string; invalid: boolean; onChange: (text: string) => void }) {
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(e) => onChange(e.target.value)}
      error={invalid}
      helperText={invalid ? range : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** Places the pin where the map is clicked. */
function ClickToPlace({ onPlace }: { onPlace: (p: GeoPosition) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPlace({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }) });
  return null;
}

/** Brings a pin set from outside the map (typed, located) into view. */
function FollowPin({ value }: { value: GeoPosition | null }) {
  const map = useMap();
  useEffect(() => {
    if (!value) return;
    const at = toLatLng(value);
    if (!map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), streetZoom));
  }, [map, value]);
  return null;
}

/**
 * An area drawn on a map: a circle of `radiusKm` around `center` (a collaborator's coverage area),
 * in the brand's colour, framed whole when it opens, when its radius changes and when it leaves
 * the view.
 */
export function AreaCircle({ center, radiusKm }: { center: GeoPosition; radiusKm: number }) {
  const map = useMap();
  const color = useTheme().palette.secondary.main;
  const { latitude, longitude } = center;
  const framedRadius = useRef<number | null>(null);
  useEffect(() => {
    const bounds = latLng(latitude, longitude).toBounds(radiusKm * 2000);
    if (framedRadius.current !== radiusKm || !map.getBounds().contains(bounds)) {
      map.fitBounds(bounds, { padding: [16, 16], animate: false });
      framedRadius.current = radiusKm;
    }
  }, [map, latitude, longitude, radiusKm]);
  return <Circle center={[latitude, longitude]} radius={radiusKm * 1000} pathOptions={{ color, weight: 2, fillColor: color, fillOpacity: 0.12 }} interactive={false} />;
}

export interface MapPickerProps {
  value: GeoPosition | null;
  onChange: (value: GeoPosition) => void;
  /** A validation message, e.g. when no position has been chosen yet. */
  error?: string;
  /** What the pin marks, in the sentences around the map (the shop, by default; a delivery address at checkout). */
  wording?: { hint: string; mapLabel: string; pinTitle: string };
  /** Km: draws the area of this radius around the pin (a collaborator's coverage), framed whole. */
  circleKm?: number;
  /** Places shown as small dots with their name on hover (e.g. the shops inside the area); they take no clicks. */
  dots?: { id: string; latitude: number; longitude: number; label: string }[];
}

const shopWording = {
  hint: 'Clicca sulla mappa dove si trova il negozio, oppure trascina il segnaposto; puoi anche scrivere le coordinate.',
  mapLabel: 'Mappa per scegliere la posizione del negozio',
  pinTitle: 'Posizione del negozio',
};

/** Where the shop is: click or drag the pin on the map, type the coordinates, or use the device's position. */
export function MapPicker({ value, onChange, error, wording = shopWording, circleKm, dots = [] }: MapPickerProps) {
  const pin = usePin();
  const position = usePosition();
  const { defaultMapZoom, boundaryCountry } = useMapSettings();
  const bounds = useBoundary();
  const [latText, setLatText] = useState(value ? String(value.latitude) : '');
  const [lngText, setLngText] = useState(value ? String(value.longitude) : '');
  const { locate: locateBrowser, locating, problem } = useBrowserPosition('clicca sulla mappa o scrivi le coordinate');
  const [outside, setOutside] = useState(false);

  /** A pin outside the boundary country is refused, with a word why. */
  const place = (at: GeoPosition): boolean => {
    const inside = withinBounds(at, bounds);
    setOutside(!inside);
    if (inside) onChange(at);
    return inside;
  };

  // The map moved the pin: show its coordinates, unless the text already says the same number
  // (so "41," being typed is not rewritten to "41" under the user's fingers).
  useEffect(() => {
    if (!value) return;
    setLatText((text) => (parseCoordinate(text, 90) === value.latitude ? text : String(value.latitude)));
    setLngText((text) => (parseCoordinate(text, 180) === value.longitude ? text : String(value.longitude)));
  }, [value]);

  const typed = (latitude: string, longitude: string) => {
    setLatText(latitude);
    setLngText(longitude);
    const lat = parseCoordinate(latitude, 90);
    const lng = parseCoordinate(longitude, 180);
    if (lat !== null && lng !== null) place({ latitude: lat, longitude: lng });
  };

  // The device's position is the visit's too (app/position.ts): searches start from it as well.
  const locate = () => locateBrowser((at) => place({ latitude: round(at.latitude), longitude: round(at.longitude) }));

  const latInvalid = latText.trim() !== '' && parseCoordinate(latText, 90) === null;
  const lngInvalid = lngText.trim() !== '' && parseCoordinate(lngText, 180) === null;

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {wording.hint}
      </Typography>
      <MapFrame center={value ?? position} zoom={value ? streetZoom : defaultMapZoom} label={wording.mapLabel}>
        <ClickToPlace onPlace={place} />
        {value && circleKm ? <AreaCircle center={value} radiusKm={circleKm} /> : <FollowPin value={value} />}
        {dots.map((d) => (
          <CircleMarker
            key={d.id}
            center={[d.latitude, d.longitude]}
            radius={6}
            pathOptions={{ color: '#2a1200', weight: 1.5, fillColor: '#fff', fillOpacity: 1 }}
            bubblingMouseEvents={false}
          >
            <Tooltip>{d.label}</Tooltip>
          </CircleMarker>
        ))}
        {value && (
          <Marker
            position={toLatLng(value)}
            icon={pin}
            draggable
            title={wording.pinTitle}
            eventHandlers={{
              dragend: (event) => {
                const marker = event.target as LeafletMarker;
                const at = marker.getLatLng();
                // Refused: the pin goes back where it was.
                if (!place({ latitude: round(at.lat), longitude: round(at.lng) })) marker.setLatLng(toLatLng(value));
              },
            }}
          />
        )}
      </MapFrame>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr auto' }, alignItems: 'start' }}>
        <CoordinateInput label="Latitudine" range="Tra -90 e 90" text={latText} invalid={latInvalid} onChange={(text) => typed(text, lngText)} />
        <CoordinateInput label="Longitudine" range="Tra -180 e 180" text={lngText} invalid={lngInvalid} onChange={(text) => typed(latText, text)} />
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<MyLocationIcon />}
          onClick={locate}
          disabled={locating}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minHeight: 40 }}
        >
          {locating ? 'Rilevando...' : 'Usa la mia posizione'}
        </Button>
      </Box>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
      {outside && <FormHelperText error>Scegli un punto in {countryName(boundaryCountry)}: il sito è limitato a questo paese.</FormHelperText>}
    </Box>
  );
}

export interface StoreMapMarker {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
  /** A page of the app to open from the marker's popup. */
  href?: string;
}

/** Frames the markers (or the given centre) and frames them again when they change. */
function FitView({ markers, center, zoom }: { markers: StoreMapMarker[]; center?: GeoPosition; zoom?: number }) {
  const map = useMap();
  // Numbers, not objects, say when to move: a parent's new array of the same pins is no change.
  const markersKey = markers.map((m) => `${m.latitude},${m.longitude}`).join(';');
  const centerLat = center?.latitude;
  const centerLng = center?.longitude;
  useEffect(() => {
    // Framing jumps, never animates: a map opening near its pins would otherwise zoom for a moment,
    // and Leaflet fails ("_leaflet_pos") when the page changes during that animation.
    const jump = { animate: false };
    if (centerLat !== undefined && centerLng !== undefined) {
      map.setView([centerLat, centerLng], zoom ?? map.getZoom(), jump);
      return;
    }
    const points = markersKey ? markersKey.split(';').map((p) => p.split(',').map(Number) as [number, number]) : [];
    if (points.length === 1) map.setView(points[0]!, zoom ?? streetZoom, jump);
    else if (points.length > 1) map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: streetZoom, ...jump });
  }, [map, markersKey, centerLat, centerLng, zoom]);
  return null;
}

export interface StoreMapProps {
  markers: StoreMapMarker[];
  center?: GeoPosition;
  zoom?: number;
  /** An area drawn and framed instead of the markers (a collaborator's coverage circle). */
  area?: { center: GeoPosition; radiusKm: number };
}

/**
 * A read-only map of shops: one pin each, with a popup naming the shop and linking to its page;
 * pins grouped where they crowd when the admin asks for it.
 */
export function StoreMap({ markers, center, zoom, area }: StoreMapProps) {
  const pin = usePin();
  const clusterIcon = useClusterIcon();
  const position = usePosition();
  const { defaultMapZoom, useClusteringForMarkers } = useMapSettings();
  const pins = markers.map((m) => (
    <Marker key={m.id} position={[m.latitude, m.longitude]} icon={pin} title={m.label}>
      <Popup>
        {m.href ? (
          <MuiLink component={Link} to={m.href} sx={{ fontWeight: 600 }}>
            {m.label}
          </MuiLink>
        ) : (
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {m.label}
          </Typography>
        )}
      </Popup>
    </Marker>
  ));
  return (
    <MapFrame center={area?.center ?? center ?? position} zoom={zoom ?? defaultMapZoom} label="Mappa dei negozi">
      {area ? <AreaCircle center={area.center} radiusKm={area.radiusKm} /> : <FitView markers={markers} center={center} zoom={zoom} />}
      {useClusteringForMarkers ? (
        <MarkerClusterGroup iconCreateFunction={clusterIcon} showCoverageOnHover={false} maxClusterRadius={48}>
          {pins}
        </MarkerClusterGroup>
      ) : (
        pins
      )}
    </MapFrame>
  );
}

/** Frames both ends of a route, with room above for the pins' height (and for the area of an approximate end). */
function FitRoute({ from, to }: { from: GeoPosition; to: GeoPosition }) {
  const map = useMap();
  const { latitude: a, longitude: b } = from;
  const { latitude: c, longitude: d } = to;
  useEffect(() => {
    const bounds = latLngBounds([
      [a, b],
      [c, d],
    ]).extend(latLng(c, d).toBounds(2000));
    map.fitBounds(bounds, { paddingTopLeft: [24, 56], paddingBottomRight: [24, 24], maxZoom: streetZoom, animate: false });
  }, [map, a, b, c, d]);
  return null;
}

export interface RoutePoint extends GeoPosition {
  label: string;
}

/**
 * A delivery on a map: where it is picked up (the shop, the brand's pin) and where it goes (a dark
 * pin; only its area, a circle of about a kilometre, when `approximate`), joined by a dashed line,
 * both framed. Each pin names its place on hover and in its popup.
 */
export function RouteMap({ from, to, approximate = false }: { from: RoutePoint; to: RoutePoint; approximate?: boolean }) {
  const theme = useTheme();
  const pickup = usePin();
  const dropoff = usePin(theme.palette.text.primary);
  const line = theme.palette.text.secondary;
  return (
    <MapFrame center={from} zoom={13} label="Mappa del ritiro e della consegna">
      <FitRoute from={from} to={to} />
      <Polyline positions={[toLatLng(from), toLatLng(to)]} pathOptions={{ color: line, weight: 2, dashArray: '6 6' }} interactive={false} />
      <Marker position={toLatLng(from)} icon={pickup} title={from.label}>
        <Popup>{from.label}</Popup>
      </Marker>
      {approximate ? (
        <Circle center={toLatLng(to)} radius={1000} pathOptions={{ color: theme.palette.text.primary, weight: 2, fillOpacity: 0.1 }}>
          <Tooltip>{to.label}</Tooltip>
        </Circle>
      ) : (
        <Marker position={toLatLng(to)} icon={dropoff} title={to.label}>
          <Popup>{to.label}</Popup>
        </Marker>
      )}
    </MapFrame>
  );
}
