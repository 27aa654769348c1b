import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundaryBounds, defaultPositionFor, parseStoredPosition, readChosenPosition, setPosition, withinBounds } from './position';

describe('the stored position', () => {
  const milan = { latitude: 45.4642, longitude: 9.19, label: 'Milano', source: 'city' };

  it('reads back a position the customer detected or chose', () => {
    expect(parseStoredPosition(JSON.stringify(milan))).toEqual(milan);
    const detected = { latitude: 45.47, longitude: 9.2, label: 'La tua posizione', source: 'browser' };
    expect(parseStoredPosition(JSON.stringify(detected))).toEqual(detected);
  });

  it('ignores a stored default, so the admin’s map centre applies to a visitor who chose nothing', () => {
    expect(parseStoredPosition(JSON.stringify({ latitude: 41.9028, longitude: 12.4964, label: 'Roma centro', source: 'default' }))).toBeNull();
  });

  it('ignores what is not a position', () => {
    for (const raw of [
      null,
      '',
      'null',
      '{',
      '"Milano"',
      '[]',
      JSON.stringify({ ...milan, latitude: 91 }),
      JSON.stringify({ ...milan, longitude: '9.19' }),
      JSON.stringify({ ...milan, label: ' ' }),
      JSON.stringify({ ...milan, source: 'gps' }),
    ]) {
      expect(parseStoredPosition(raw), String(raw)).toBeNull();
    }
  });

  describe('the store', () => {
    afterEach(() => vi.unstubAllGlobals());
    const rome = { latitude: 41.9028, longitude: 12.4964, label: 'Roma', source: 'city' } as const;

    it('keeps the choice in the browser’s storage, for the next pages and visits', () => {
      const kept = new Map<string, string>();
      vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) });
      setPosition(rome);
      expect(readChosenPosition()).toEqual(rome);
      // Another page of the visit (or a later visit) starts from what is stored.
      kept.set('vicino:position', JSON.stringify(milan));
      expect(readChosenPosition()).toEqual(milan);
      kept.delete('vicino:position');
      expect(readChosenPosition()).toBeNull();
    });

    it('keeps the choice for the page view when storage is blocked (private mode, policies)', () => {
      const blocked = () => {
        throw new Error('blocked');
      };
      vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked });
      expect(() => setPosition(rome)).not.toThrow();
      expect(readChosenPosition()).toEqual(rome);
    });
  });
});

describe('defaultPositionFor', () => {
  it('is the admin’s map centre, named after the listed city it lies in', () => {
    expect(defaultPositionFor({ defaultLatitude: 41.9028, defaultLongitude: 12.4964 })).toEqual({ latitude: 41.9028, longitude: 12.4964, label: 'Roma centro', source: 'default' });
    expect(defaultPositionFor({ defaultLatitude: 45.47, defaultLongitude: 9.2 })).toMatchObject({ latitude: 45.47, longitude: 9.2, label: 'Milano centro' });
  });

  it('is the map’s centre where no listed city is near', () => {
    expect(defaultPositionFor({ defaultLatitude: 43.9356, defaultLongitude: 12.4473 })).toEqual({
      latitude: 43.9356,
      longitude: 12.4473,
      label: 'Centro della mappa',
      source: 'default',
    });
  });
});

describe('the boundary country', () => {
  it('keeps pins inside Italy when the admin restricts to it, and anywhere when not', () => {
    const italy = boundaryBounds('IT');
    expect(withinBounds({ latitude: 45.4642, longitude: 9.19 }, italy)).toBe(true);
    expect(withinBounds({ latitude: 35.5, longitude: 12.6 }, italy)).toBe(true); // Lampedusa
    expect(withinBounds({ latitude: 48.8566, longitude: 2.3522 }, italy)).toBe(false); // Paris
    expect(withinBounds({ latitude: 48.8566, longitude: 2.3522 }, boundaryBounds(null))).toBe(true);
  });

  it('restricts nothing for a country the maps do not know', () => {
    expect(boundaryBounds('CH')).toBeNull();
    expect(withinBounds({ latitude: 48.8566, longitude: 2.3522 }, boundaryBounds('CH'))).toBe(true);
  });
});
