import { describe, expect, it } from 'vitest';
import { foldPlace } from './gazetteer.js';
import { offlineGazetteer } from './offline.js';

const g = offlineGazetteer();
const first = (text: string) => g.geocode(text)[0];

/** Issue [22]: what people type lands in the right comune with no service at all. */
describe('the offline gazetteer', () => {
  it('holds every comune of ISTAT’s list with its province, region, postal codes and seat', () => {
    expect(g.size.comuni).toBe(7904);
    expect(g.size.localities).toBeGreaterThan(1500);
    expect(g.comune('037054')).toMatchObject({ comune: 'San Lazzaro di Savena', sigla: 'BO', region: 'Emilia-Romagna', postcode: '40068' });
    expect(g.comune('058091')).toMatchObject({ comune: 'Roma', province: 'Roma', region: 'Lazio', postcode: null, latitude: expect.closeTo(41.89, 1) });
  });

  it('lands the issue’s examples: a district, a postal code, a comune of several words, a street named after another city', () => {
    expect(first('Trastevere')).toMatchObject({ kind: 'locality', name: 'Trastevere', comune: 'Roma', label: 'Trastevere, Roma (RM)' });
    expect(first('20121')).toMatchObject({ kind: 'postcode', comune: 'Milano', postcode: '20121', label: '20121 Milano (MI)' });
    expect(first('San Lazzaro di Savena')).toMatchObject({ kind: 'comune', comune: 'San Lazzaro di Savena', sigla: 'BO' });
    expect(first('Via Roma 3, Cesena')).toMatchObject({ comune: 'Cesena', sigla: 'FC' });
    expect(g.geocode('Via Roma 3, Cesena').map((p) => p.comune)).toEqual(['Cesena']);
  });

  it('reads addresses as people write them', () => {
    expect(first('via roma 3 cesena')?.comune).toBe('Cesena');
    expect(first('Via del Corso 1, Roma')?.comune).toBe('Roma');
    expect(first('piazza del campo siena')?.comune).toBe('Siena');
    expect(first('Corso Buenos Aires 12 20124 Milano')).toMatchObject({ comune: 'Milano', postcode: '20124' });
    expect(first('Via Etnea 200 - 95131 Catania CT')).toMatchObject({ comune: 'Catania', postcode: '95131' });
    expect(first('c.so Vittorio Emanuele II 100, Torino (TO)')?.comune).toBe('Torino');
    expect(first('Via Garibaldi 1 San Lazzaro di Savena')?.comune).toBe('San Lazzaro di Savena');
    expect(first('S. Giovanni in Persiceto')?.comune).toBe('San Giovanni in Persiceto');
    expect(first('laquila')?.comune).toBe("L'Aquila");
    expect(first('citta di castello')?.comune).toBe('Città di Castello');
    expect(first('Bozen')?.comune).toBe('Bolzano');
    expect(first('reggio calabria')?.comune).toBe('Reggio di Calabria');
    expect(first('Mestre')).toMatchObject({ kind: 'locality', comune: 'Venezia' });
  });

  it('tells namesakes apart by what else is typed: the province, the comune, the postal code', () => {
    expect(first('Monti')?.sigla).toBe('SS');
    expect(first('Monti, Roma')).toMatchObject({ kind: 'locality', comune: 'Roma' });
    expect(first('Castelnuovo di Garfagnana (LU)')?.sigla).toBe('LU');
    expect(first('Samarate VA')?.comune).toBe('Samarate');
  });

  it('finds nothing where nothing is a place', () => {
    expect(g.geocode('qwzx')).toEqual([]);
    expect(g.geocode('   ')).toEqual([]);
    expect(g.geocode('99999')).toEqual([]);
  });

  it('suggests while typing: names starting so first, the more populous first; postal codes; the street kept', () => {
    expect(g.suggest('bo', 2).places.map((p) => p.comune)).toEqual(['Bologna', 'Bolzano']);
    expect(g.suggest('trast').places[0]?.label).toBe('Trastevere, Roma (RM)');
    expect(g.suggest('201', 1).places[0]?.label).toBe('20121 Milano (MI)');
    expect(g.suggest('Via Roma 3, Ces', 1)).toMatchObject({ typedBefore: 'Via Roma 3,', places: [{ comune: 'Cesena' }] });
    expect(g.suggest('Via Roma 3 ces', 1)).toMatchObject({ typedBefore: 'Via Roma 3 ', places: [{ comune: 'Cesena' }] });
    // A street still being typed: no place yet.
    expect(g.suggest('Via Ro').places).toEqual([]);
    expect(g.suggest('').places).toEqual([]);
  });

  it('names a point by its comune and the district it is in', () => {
    expect(g.reverse(41.8955, 12.4995)).toMatchObject({ place: { comune: 'Roma' }, locality: 'Monti' });
    expect(g.reverse(44.1391, 12.2431)).toMatchObject({ place: { comune: 'Cesena' }, locality: null });
    expect(g.reverse(48.85, 2.35)).toBeNull();
  });

  it('folds every way of writing a saint alike, and accents and apostrophes away', () => {
    expect(foldPlace("Sant'Agata de' Goti")).toBe('s agata de goti');
    expect(foldPlace('S. Agata')).toBe('s agata');
    expect(foldPlace('Forlì')).toBe('forli');
  });
});

describe('the spacing of a service’s requests', () => {
  it('spaces requests by its gap in the order asked, and refuses at once one that would wait too long', async () => {
    const { Spacing } = await import('./nominatim.js');
    let now = 1_000;
    const spacing = new Spacing(100, 150, () => now);
    await spacing.slot(); // at once
    const second = spacing.slot(); // 100 ms later
    now += 100;
    await second;
    // Two more: the first waits 100 ms, the next would wait 200, over 150.
    void spacing.slot().catch(() => {});
    await expect(spacing.slot()).rejects.toThrow('too many requests waiting');
  });
});
