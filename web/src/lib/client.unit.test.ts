import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, errorText } from './client';
import { businessDataStaleTime, createQueryClient } from './query-client';

const answer = (status: number, body: string, statusText = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

afterEach(() => vi.unstubAllGlobals());

describe('fetch client (spec §8)', () => {
  it('turns a non-2xx answer into "status: body"', async () => {
    answer(409, '{"message":"Questo username è già in uso."}');
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Questo username è già in uso."}');
    expect((error as ApiError).serverMessage).toBe('Questo username è già in uso.');
    expect(errorText(error, 'fallback')).toBe('Questo username è già in uso.');
  });

  it('uses the status text when the body is empty', async () => {
    answer(502, '', 'Bad Gateway');
    await expect(apiGet('/api/x')).rejects.toThrow('502: Bad Gateway');
  });

  it('reads a 401 as "no result" where asked to', async () => {
    answer(401, '{"message":"Accesso richiesto"}');
    await expect(apiGet('/api/user', { on401: 'null' })).resolves.toBeNull();
    await expect(apiGet('/api/user')).rejects.toThrow('401: ');
  });

  it('sends JSON with the session cookie', async () => {
    answer(200, '{"ok":true}');
    await apiRequest('POST', '/api/login', { username: 'a' });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"username":"a"}' });
  });
});

describe('query defaults (spec §9)', () => {
  it('never retries, never refetches on focus, and keeps data fresh unless told otherwise', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
    expect(businessDataStaleTime).toBe(60_000);
  });
});
