/**
 * The offline gazetteer of issue [22]: every Italian comune (ISTAT) with its province, region,
 * postal codes and seat, and the districts and frazioni people name instead of their comune
 * (GeoNames), from data/italia.json (scripts/build-gazetteer.ts). Pure: it is handed the data, reads
 * nothing; the web's address fields use the same parsing through the API.
 *
 * A typed text lands in a comune by its words: «Trastevere», «20121», «San Lazzaro di Savena»,
 * «Via Roma 3, Cesena» (the street named after Rome is a street: the comune is Cesena). Offline it
 * knows no street: an address lands on its comune's seat, or on the district it names.
 */

export interface GazetteerData {
  provinces: Record<string, [name: string, region: string]>;
  comuni: [istat: string, name: string, sigla: string, lat: number, lng: number, population: number, caps: string, aliases: string][];
  places: [name: string, istat: string, lat: number, lng: number][];
}

/** A place the gazetteer knows, as the API answers it. */
export interface GazetteerPlace {
  /** What the place is: a comune, a district or frazione of one, or a postal code of one. */
  kind: 'comune' | 'locality' | 'postcode';
  /** Its own name: the district's, the comune's, or the postal code. */
  name: string;
  /** The comune it lies in, its ISTAT code, province and region. */
  comune: string;
  istat: string;
  province: string;
  sigla: string;
  region: string;
  /** The postal code typed, or the comune's only one; null for a comune of several. */
  postcode: string | null;
  latitude: number;
  longitude: number;
  /** How people read it: «Trastevere, Roma (RM)», «Cesena (FC)», «20121 Milano (MI)». */
  label: string;
}

interface Comune {
  istat: string;
  name: string;
  sigla: string;
  province: string;
  region: string;
  latitude: number;
  longitude: number;
  population: number;
  caps: string[];
}

interface Entry {
  comune: Comune;
  /** The locality's name, or null for the comune itself. */
  locality: string | null;
  latitude: number;
  longitude: number;
  /** Folded words of the name this entry is found by. */
  key: string;
  /** The same without spaces: «laquila»; and as typed, saints unfolded: «santagatadegoti». */
  compact: string;
  rawCompact: string;
  /** Below 1 for a part of a name (Cervinia of Breuil-Cervinia), an alias, a locality. */
  weight: number;
}

/** The words that say «san», however written: S., Sant', Santo, Santa. */
const saints = new Set(['san', 'santo', 'santa', 'sant', 's', 'st', 'ss']);

/** Lower case, no accents, words only; every way of writing «San» the same. */
export function foldPlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (saints.has(word) ? 's' : word))
    .join(' ');
}

/** A name folded with no spaces and its saints as written («santagatadegoti»). */
const rawCompact = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The first words of a street («Via», «V.le», «P.zza», «Corso»…), folded. */
const streetWords = new Set([
  'via',
  'v',
  'viale',
  'vle',
  'piazza',
  'p',
  'pza',
  'pzza',
  'piazzale',
  'pzle',
  'piazzetta',
  'corso',
  'cso',
  'c',
  'largo',
  'lgo',
  'vicolo',
  'vic',
  'vico',
  'strada',
  'str',
  'stradone',
  'contrada',
  'cda',
  'lungomare',
  'lungotevere',
  'lungarno',
  'lungolago',
  'salita',
  'traversa',
  'calle',
  'fondamenta',
  'campo',
  'riva',
  'galleria',
  'circonvallazione',
  'passeggiata',
  'discesa',
  'scalinata',
  'rampa',
  'bastioni',
  'vialetto',
  'sottoportego',
  'rio',
  'ramo',
  'ruga',
  'borgata',
]);

/** Words before a place's name that are not part of it («frazione Marina», «località Poggio»). */
const placeWords = new Set(['frazione', 'fraz', 'localita', 'loc', 'quartiere', 'rione', 'comune', 'di', 'provincia', 'prov', 'italia', 'italy']);

/** Parts of a hyphenated name too common to find the place by alone. */
const commonParts = new Set([
  'terme',
  'marina',
  'lido',
  'centro',
  'alto',
  'basso',
  'monte',
  'mare',
  'porto',
  'borgo',
  'villa',
  'castel',
  'castello',
  'ponte',
  'santa',
  'sopra',
  'sotto',
]);

/** Short forms of a comune's name that everybody uses: its alias here. */
const shortForms: Record<string, string> = {
  'reggio emilia': "Reggio nell'Emilia",
  'reggio calabria': 'Reggio di Calabria',
};

const isNumber = (word: string) => /^\d/.test(word);
const isPostcode = (word: string) => /^\d{5}$/.test(word);

/** Kilometres between two points, flat near Italy's latitudes (what a nearest place needs). */
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = (lng2 - lng1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.hypot(x, lat2 - lat1) * 111.2;
}

/** A typed text cut into its parts («Via Roma 3», «47521 Cesena FC»), each a list of folded words. */
function segmentsOf(text: string): string[][] {
  return text
    .split(/[,;\n]|\s[-–]\s|\(|\)/)
    .map((part) => foldPlace(part))
    .filter((part) => part !== '')
    .map((part) => part.split(' '));
}

interface Found {
  entry: Entry;
  score: number;
}

export class Gazetteer {
  private readonly comuni: Comune[];
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, Entry[]>();
  private readonly byCompact = new Map<string, Entry[]>();
  private readonly byPostcode = new Map<string, Comune[]>();
  private readonly provinceByName = new Map<string, string>();
  private readonly siglas: Set<string>;

  constructor(data: GazetteerData) {
    this.siglas = new Set(Object.keys(data.provinces).map((s) => s.toLowerCase()));
    for (const [sigla, [name]] of Object.entries(data.provinces)) {
      for (const part of name.split('/')) this.provinceByName.set(foldPlace(part), sigla);
    }
    const byIstat = new Map<string, Comune>();
    this.comuni = data.comuni.map(([istat, name, sigla, latitude, longitude, population, caps, aliases]) => {
      const [province, region] = data.provinces[sigla]!;
      const comune: Comune = { istat, name, sigla, province, region, latitude, longitude, population, caps: caps ? caps.split(' ') : [] };
      byIstat.set(istat, comune);
      this.add(comune, null, latitude, longitude, name, 1);
      // «Bolzano/Bozen»: each language's name alone.
      if (name.includes('/')) for (const part of name.split('/')) this.add(comune, null, latitude, longitude, part, 1);
      for (const other of aliases ? aliases.split('|') : []) this.add(comune, null, latitude, longitude, other, 0.9);
      this.addParts(comune, null, latitude, longitude, name);
      for (const cap of comune.caps) {
        const list = this.byPostcode.get(cap);
        if (list) list.push(comune);
        else this.byPostcode.set(cap, [comune]);
      }
      return comune;
    });
    for (const [short, name] of Object.entries(shortForms)) {
      const comune = this.comuni.find((c) => c.name === name);
      if (comune) this.add(comune, null, comune.latitude, comune.longitude, short, 0.95);
    }
    for (const [name, istat, latitude, longitude] of data.places) {
      const comune = byIstat.get(istat);
      if (!comune) continue;
      this.add(comune, name, latitude, longitude, name, 0.8);
      this.addParts(comune, name, latitude, longitude, name);
    }
  }

  private add(comune: Comune, locality: string | null, latitude: number, longitude: number, name: string, weight: number): void {
    const key = foldPlace(name);
    // A name that folds to a saint's «S» alone (the locality «Santo») would be found by every «San».
    if (!key || key === 's') return;
    const entry: Entry = { comune, locality, latitude, longitude, key, compact: key.replaceAll(' ', ''), rawCompact: rawCompact(name), weight };
    this.entries.push(entry);
    for (const [map, k] of [
      [this.byKey, entry.key],
      [this.byCompact, entry.compact],
      [this.byCompact, entry.rawCompact],
    ] as const) {
      if (map === this.byCompact && k === entry.compact && k === entry.rawCompact && map.get(k)?.includes(entry)) continue;
      const list = map.get(k);
      if (list) list.push(entry);
      else map.set(k, [entry]);
    }
  }

  /** «Breuil-Cervinia»: found by «Cervinia» too, a little less surely. */
  private addParts(comune: Comune, locality: string | null, latitude: number, longitude: number, name: string): void {
    if (!name.includes('-')) return;
    for (const part of name.split('-')) {
      const key = foldPlace(part);
      if (key.length >= 4 && !commonParts.has(key)) this.add(comune, locality, latitude, longitude, part, 0.7);
    }
  }

  private lookup(words: readonly string[], raw?: string): Entry[] {
    const key = words.join(' ');
    return this.byKey.get(key) ?? this.byCompact.get(key.replaceAll(' ', '')) ?? (raw ? this.byCompact.get(raw) : undefined) ?? [];
  }

  /** Names with these words among theirs, the more populous first («Paestum»: Capaccio Paestum). */
  private within(words: readonly string[]): Entry[] {
    const key = words.join(' ');
    if (key.length < 4) return [];
    return this.entries.filter((e) => e.weight >= 0.8 && ` ${e.key} `.includes(` ${key} `)).sort((a, b) => b.comune.population - a.comune.population);
  }

  /**
   * Where a typed text points, best first (at most `limit`): a district or frazione it names, else
   * its comune, else the comune of its postal code. Empty when nothing in it is a place.
   */
  geocode(text: string, limit = 5): GazetteerPlace[] {
    const segments = segmentsOf(text);
    if (segments.length === 0) return [];
    const postcodes = segments.flat().filter(isPostcode);
    const provinceHints = new Set<string>();
    const siglaHints = new Set<string>();
    // A province's sigla after the comune («Cesena FC», «(FC)»), or its name alone in a part.
    for (const words of segments) {
      const last = words.at(-1)!;
      if (last.length === 2 && this.siglas.has(last)) siglaHints.add(last.toUpperCase());
      const named = this.provinceByName.get(words.filter((w) => !placeWords.has(w)).join(' '));
      if (named && words.length > 0) provinceHints.add(named);
    }

    const found = new Map<Entry, { score: number; inStreet: boolean }>();
    const consider = (entry: Entry, score: number, inStreet = false) => {
      if (score > (found.get(entry)?.score ?? -Infinity)) found.set(entry, { score, inStreet });
    };
    segments.forEach((words, index) => {
      const order = index * 4;
      const street = streetWords.has(words[0]!) && words.length > 1;
      // In a street's part, the street's name runs to its number; what follows is the place.
      const numberAt = words.findIndex((w, i) => i > 0 && isNumber(w));
      const streetEnd = street ? (numberAt >= 0 ? numberAt + 1 : words.length) : 0;
      const cleaned = words.filter((w) => !isNumber(w));
      const bare = cleaned.filter((w, i) => !(i === cleaned.length - 1 && w.length === 2 && this.siglas.has(w) && cleaned.length > 1));
      // A whole part that is a place's name: the surest («Riva del Garda» is no street).
      const withoutWords = bare.filter((w, i) => !(i === 0 && placeWords.has(w)));
      for (const entry of this.lookup(bare, bare.join(''))) consider(entry, 100 + order);
      for (const entry of this.lookup(withoutWords)) consider(entry, 98 + order);
      const whole = bare.length > 0 && this.lookup(bare, bare.join('')).length > 0;
      for (let start = 0; start < words.length; start++) {
        for (let end = start + 1; end <= Math.min(words.length, start + 7); end++) {
          const span = words.slice(start, end);
          if (span.some(isNumber)) break;
          const entries = this.lookup(span);
          if (entries.length === 0) continue;
          const inStreet = street && !whole && start < streetEnd;
          // After a street with no number, the place is what ends the part («piazza del campo siena»).
          const ending = end === words.length || (end === words.length - 1 && words.at(-1)!.length === 2 && this.siglas.has(words.at(-1)!));
          let score = 40 + span.length * 6 + order;
          if (inStreet) score = street && numberAt < 0 && ending && start > 1 ? 60 + span.length * 6 + order : 5 + span.length;
          else if (street && start >= streetEnd) score += 30;
          for (const entry of entries) consider(entry, score, inStreet);
        }
      }
    });
    // Nothing named so: a name with these words among its own, for a part that is no street.
    if (found.size === 0) {
      for (const [index, words] of segments.entries()) {
        if (streetWords.has(words[0]!) && words.length > 1) continue;
        const bare = words.filter((w) => !isNumber(w));
        for (const entry of this.within(bare).slice(0, limit)) consider(entry, 30 + index * 4);
      }
    }
    // Only postal codes: their comuni.
    if (found.size === 0 && postcodes.length > 0) {
      const comuni = this.byPostcode.get(postcodes.at(-1)!) ?? [];
      return comuni
        .slice()
        .sort((a, b) => b.population - a.population)
        .slice(0, limit)
        .map((comune) => this.place(comune, null, comune.latitude, comune.longitude, postcodes.at(-1)!));
    }

    const matchedComuni = new Set([...found].filter(([e, f]) => e.locality === null && !f.inStreet).map(([e]) => e.comune));
    const ranked: Found[] = [...found].map(([entry, { score: base, inStreet }]) => {
      let score = base * entry.weight;
      if (postcodes.some((cap) => entry.comune.caps.includes(cap))) score += 80;
      if (siglaHints.has(entry.comune.sigla)) score += 50;
      // The province's name after a comune's («Castelnuovo di Garfagnana, Lucca»); not after a street's words.
      else if (provinceHints.has(entry.comune.sigla) && !inStreet && !(entry.locality === null && foldPlace(entry.comune.province) === entry.key)) score += 50;
      // A district named with its comune («Trastevere, Roma») is the more precise of the two.
      if (entry.locality !== null && matchedComuni.has(entry.comune) && !entry.comune.name.toLowerCase().includes(entry.locality.toLowerCase())) score += 60;
      score += Math.log10(1 + entry.comune.population) * (entry.locality === null ? 1 : 0.5);
      return { entry, score };
    });
    ranked.sort((a, b) => b.score - a.score);
    const seen = new Set<string>();
    const places: GazetteerPlace[] = [];
    // Others as alternatives while they are not far behind: a street's name («Via Roma») is no place to offer.
    const floor = ranked[0] ? ranked[0].score / 2 : 0;
    for (const { entry, score } of ranked) {
      const id = `${entry.comune.istat}:${entry.locality ?? ''}`;
      if (seen.has(id) || score < floor) continue;
      seen.add(id);
      const postcode = postcodes.find((cap) => entry.comune.caps.includes(cap)) ?? null;
      places.push(this.place(entry.comune, entry.locality, entry.latitude, entry.longitude, postcode));
      if (places.length === limit) break;
    }
    return places;
  }

  /**
   * Places to offer while a person types (at most `limit`), for the last part of the text: names
   * starting with it first («bo» → Bologna, Bolzano), then names with a word starting with it, the
   * more populous first; digits are postal codes. `typedBefore` is the text before that part,
   * kept so that «Via Roma 3, Ces» offers «Via Roma 3, Cesena (FC)».
   */
  suggest(text: string, limit = 8): { typedBefore: string; places: GazetteerPlace[] } {
    const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'));
    let typedBefore = cut >= 0 ? text.slice(0, cut + 1) : '';
    let words = foldPlace(cut >= 0 ? text.slice(cut + 1) : text)
      .split(' ')
      .filter(Boolean);
    // «Via Roma 3 Ces»: after a street's number, the place.
    if (words.length > 1 && streetWords.has(words[0]!)) {
      const numberAt = words.findIndex((w, i) => i > 0 && isNumber(w));
      if (numberAt < 0) return { typedBefore: '', places: [] };
      const original = (cut >= 0 ? text.slice(cut + 1) : text).trimStart();
      const tokens = original.split(/\s+/);
      typedBefore += `${cut >= 0 ? ' ' : ''}${tokens.slice(0, numberAt + 1).join(' ')} `;
      words = words.slice(numberAt + 1);
    }
    // «20121 Mil»: the postal code stays as typed, and its comuni come first.
    let postcode: string | null = null;
    if (words.length > 1 && isPostcode(words[0]!)) {
      postcode = words[0]!;
      words = words.slice(1);
    }
    if (words.length === 0) return { typedBefore, places: [] };
    const query = words.join(' ');
    if (/^\d{2,5}$/.test(query)) {
      const comuni = new Map<string, { comune: Comune; cap: string }>();
      for (const [cap, list] of this.byPostcode) {
        if (!cap.startsWith(query)) continue;
        for (const comune of list) if (!comuni.has(comune.istat)) comuni.set(comune.istat, { comune, cap });
      }
      const places = [...comuni.values()]
        .sort((a, b) => b.comune.population - a.comune.population)
        .slice(0, limit)
        .map(({ comune, cap }) => this.place(comune, null, comune.latitude, comune.longitude, cap));
      return { typedBefore, places };
    }
    const compact = query.replaceAll(' ', '');
    const scored: { entry: Entry; rank: number }[] = [];
    for (const entry of this.entries) {
      let rank: number;
      if (entry.key.startsWith(query) || entry.compact.startsWith(compact)) rank = entry.key.length === query.length ? 3 : 2;
      else if (query.length >= 3 && entry.key.includes(` ${query}`)) rank = 1;
      else continue;
      scored.push({ entry, rank: rank + entry.weight + Math.log10(1 + entry.comune.population) / 10 });
    }
    // With a postal code typed, only its comuni (when it has any that start so).
    if (postcode && scored.some(({ entry }) => entry.comune.caps.includes(postcode)))
      scored.splice(0, scored.length, ...scored.filter(({ entry }) => entry.comune.caps.includes(postcode)));
    scored.sort((a, b) => b.rank - a.rank || a.entry.key.localeCompare(b.entry.key));
    const seen = new Set<string>();
    const places: GazetteerPlace[] = [];
    for (const { entry } of scored) {
      const id = `${entry.comune.istat}:${entry.locality ?? ''}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const place = this.place(entry.comune, entry.locality, entry.latitude, entry.longitude, postcode && entry.comune.caps.includes(postcode) ? postcode : null);
      // The postal code typed stays in the text the suggestion gives: «20121 Milano (MI)».
      places.push(postcode && !place.label.startsWith(postcode) ? { ...place, label: `${postcode} ${place.label}` } : place);
      if (places.length === limit) break;
    }
    return { typedBefore, places };
  }

  /**
   * The comune whose seat is nearest a point, and the district within 2 km of it when there is
   * one («Roma, Monti»); null away from Italy (no seat within 25 km).
   */
  reverse(latitude: number, longitude: number): { place: GazetteerPlace; locality: string | null } | null {
    let nearest: Comune | null = null;
    let distance = Infinity;
    for (const comune of this.comuni) {
      const d = km(latitude, longitude, comune.latitude, comune.longitude);
      if (d < distance) {
        distance = d;
        nearest = comune;
      }
    }
    if (!nearest || distance > 25) return null;
    let locality: Entry | null = null;
    let localityDistance = 2;
    for (const entry of this.entries) {
      if (entry.locality === null || entry.weight < 0.8) continue;
      const d = km(latitude, longitude, entry.latitude, entry.longitude);
      if (d < localityDistance) {
        localityDistance = d;
        locality = entry;
      }
    }
    // A district belongs to the comune found by it when its own seat is nearer than the one found.
    const comune = locality?.comune ?? nearest;
    return { place: this.place(comune, null, comune.latitude, comune.longitude, null), locality: locality?.locality ?? null };
  }

  /** The comune of an ISTAT code, as a place. */
  comune(istat: string): GazetteerPlace | null {
    const comune = this.comuni.find((c) => c.istat === istat);
    return comune ? this.place(comune, null, comune.latitude, comune.longitude, null) : null;
  }

  get size(): { comuni: number; localities: number } {
    return { comuni: this.comuni.length, localities: this.entries.filter((e) => e.locality !== null && e.weight === 0.8).length };
  }

  private place(comune: Comune, locality: string | null, latitude: number, longitude: number, postcode: string | null): GazetteerPlace {
    const where = `${comune.name} (${comune.sigla})`;
    const kind = locality ? 'locality' : postcode && comune.caps.length > 1 ? 'postcode' : 'comune';
    return {
      kind,
      name: locality ?? (kind === 'postcode' ? postcode! : comune.name),
      comune: comune.name,
      istat: comune.istat,
      province: comune.province,
      sigla: comune.sigla,
      region: comune.region,
      postcode: postcode ?? (comune.caps.length === 1 ? comune.caps[0]! : null),
      latitude,
      longitude,
      label: locality ? `${locality}, ${where}` : kind === 'postcode' ? `${postcode} ${where}` : where,
    };
  }
}
