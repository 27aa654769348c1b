import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/client';
import { renderHtml, textOf } from '../testing/render';
import { QueryView, type QueryState } from './QueryView';
import { useTabCounts } from './useTabCounts';

/* A read's place on a page: loading, its failure in the API's words (or a caller's reading of it), its empty state, else the list. */

const view = (query: QueryState, empty: boolean) =>
  textOf(
    renderHtml(
      <QueryView
        query={query}
        loading="Caricamento"
        fallback="Impossibile caricare le richieste."
        failed={(error) => (error instanceof ApiError && error.status === 404 ? 'Completa il profilo da collaboratore.' : undefined)}
        empty={empty && 'Niente qui'}
      >
        La lista
      </QueryView>,
    ),
  );
const done = { isPending: false, isError: false, error: null };
const failedWith = (error: unknown) => ({ isPending: false, isError: true, error });

describe('a read on the page', () => {
  it('is its loading state, then its list or its empty state', () => {
    expect(view({ ...done, isPending: true }, false)).toBe('Caricamento');
    expect(view(done, false)).toBe('La lista');
    expect(view(done, true)).toBe('Niente qui');
  });

  it('says why it failed: the API’s words, the fallback, or the caller’s reading of a 404', () => {
    expect(view(failedWith(new ApiError(500, JSON.stringify({ message: 'Il server è in manutenzione.' }), 'Error')), false)).toBe('Il server è in manutenzione.');
    expect(view(failedWith(new TypeError('Failed to fetch')), true)).toBe('Impossibile caricare le richieste.');
    const noProfile = view(failedWith(new ApiError(404, '', 'Not Found')), false);
    expect(noProfile).toContain('Completa il profilo da collaboratore.');
    expect(noProfile).not.toContain('Impossibile');
  });
});

function Tabs({ items }: { items: number[] }) {
  const { tab, counts, shown } = useTabCounts(items, [{ value: 'even' }, { value: 'odd' }, { value: 'none' }], (n) => (n % 2 ? 'odd' : 'even'), 'odd');
  return <>{`${tab} even ${counts.even} odd ${counts.odd} none ${counts.none}: ${shown.join(',')}`}</>;
}

describe('a list in tabs', () => {
  it('counts every tab (0 for an empty one) and shows the chosen tab’s items', () => {
    expect(textOf(renderHtml(<Tabs items={[1, 2, 3, 5, 8]} />))).toBe('odd even 2 odd 3 none 0: 1,3,5');
  });
});
