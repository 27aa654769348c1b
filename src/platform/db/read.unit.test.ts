import { parseDsn } from 'slonik';
import { describe, expect, it } from 'vitest';
import { slonikConnectionUri } from './read.js';

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
