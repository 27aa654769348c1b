import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGetPage } from './client';
import { hasMorePages, joinPages, pageUrl } from './lists';

afterEach(() => vi.unstubAllGlobals());

const page = (ids: string[], total: number) => ({ items: ids.map((id) => ({ id })), total });

describe('paged lists', () => {
  it('asks for a page after whatever query the list has', () => {
    expect(pageUrl('/api/orders/user', 2, 20)).toBe('/api/orders/user?page=2&pageSize=20');
    expect(pageUrl('/api/orders/user?status=pending', 1, 5)).toBe('/api/orders/user?status=pending&page=1&pageSize=5');
  });

  it('reads the total of the whole list from X-Total-Count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[{"id":"a"}]', { status: 200, headers: { 'X-Total-Count': '41' } })),
    );
    await expect(apiGetPage('/api/notifications?page=1&pageSize=1')).resolves.toEqual({ items: [{ id: 'a' }], total: 41 });
  });

  it('joins the pages loaded, keeping once a row a newer one pushed onto the next page', () => {
    expect(joinPages([page(['c', 'b'], 4), page(['b', 'a'], 4)]).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('has more while fewer rows are loaded than the list has', () => {
    expect(hasMorePages([page(['c', 'b'], 3)])).toBe(true);
    expect(hasMorePages([page(['c', 'b'], 3), page(['a'], 3)])).toBe(false);
    expect(hasMorePages([page([], 0)])).toBe(false);
    // A list that shrank under the pages loaded ends where its rows end.
    expect(hasMorePages([page(['c', 'b'], 5), page([], 2)])).toBe(false);
  });
});
