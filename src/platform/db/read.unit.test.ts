import { parseDsn } from 'slonik';
import { describe, expect, it } from 'vitest';
import { isoTimeOf, slonikConnectionUri } from './read.js';

describe('the read client connects where pg does', () => {
  it("takes the Unix socket's folder of ?host= as slonik reads it (the embedded server's URLs)", () => {
    const uri = slonikConnectionUri('postgres://postgres:p%40ss@127.0.0.1:5433/vicino?host=%2Ftmp%2Fvicino%20pg%2Fdata&sslmode=disable');
    expect(parseDsn(uri)).toEqual({ host: '/tmp/vicino pg/data', port: 5433, databaseName: 'vicino', username: 'postgres', password: 'p@ss', sslMode: 'disable' });
  });

  it('leaves a TCP address as it is', () => {
    const url = 'postgres://vicino:secret@db.internal:5432/vicino';
    expect(slonikConnectionUri(url)).toBe(url);
  });
});

describe('times are read as ISO text', () => {
  it('writes every timestamptz PostgreSQL sends as new Date(value).toISOString() does', () => {
    const samples = [
      '2026-11-24 12:07:56.254123+00',
      '2026-11-24 12:07:56+00',
      '2026-11-24 12:07:56.1+00',
      '2026-03-29 02:30:00.999999+02',
      '2026-10-25 01:15:07.5-05',
      '1999-12-31 23:59:59.9995+05:30',
      '2024-02-29 00:00:00.000001+00',
      '2026-11-24 00:00:00-09:30',
    ];
    for (const value of samples) expect(isoTimeOf(value), value).toBe(new Date(value).toISOString());
    // An offset in seconds (local mean time, before 1900 in some zones), which JavaScript cannot read.
    expect(isoTimeOf('1890-01-01 00:00:00+00:09:21')).toBe('1889-12-31T23:50:39.000Z');
    for (let i = 0; i < 2000; i++) {
      const at = new Date(Date.UTC(1970 + (i % 130), i % 12, 1 + (i % 28), i % 24, (i * 7) % 60, (i * 13) % 60, (i * 37) % 1000));
      const offsetMinutes = ((i * 53) % (14 * 60)) * (i % 2 ? 1 : -1);
      const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString();
      const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
      const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.trunc(offsetMinutes / 60))}${offsetMinutes % 60 ? `:${pad(offsetMinutes % 60)}` : ''}`;
      const value = `${local.slice(0, 10)} ${local.slice(11, 23)}${String(i % 1000).padStart(3, '0')}${offset}`;
      expect(isoTimeOf(value), value).toBe(new Date(value).toISOString());
    }
  });
});
