import { describe, expect, it } from 'vitest';
import { radiiWith, readFilters, sortOf, withFilters } from './search-filters';

const maps = { defaultSearchRadius: 7.5 };
const read = (query: string) => readFilters(new URLSearchParams(query), maps);

describe('the search filters in the URL', () => {
  it('falls back to the defaults for what is missing or not offered', () => {
    const none = { asTyped: false, view: 'products', openNow: false, delivery: '' };
    expect(read('')).toEqual({ q: '', category: '', radius: 7.5, sort: '', page: 1, ...none });
    expect(read('q=%20pane%20&radius=3&sort=cheapest&page=0&asTyped=1&view=map&openNow=si&delivery=casa')).toEqual({
      q: 'pane',
      category: '',
      radius: 7.5,
      sort: '',
      page: 1,
      ...none,
    });
    expect(read('category=alimentari&radius=20&sort=price&page=3')).toEqual({ q: '', category: 'alimentari', radius: 20, sort: 'price', page: 3, ...none });
    expect(read('q=lampadne&asTyped=true')).toMatchObject({ q: 'lampadne', asTyped: true });
    expect(read('view=shops&openNow=true&delivery=shipping')).toMatchObject({ view: 'shops', openNow: true, delivery: 'shipping' });
    expect(read('view=shops&delivery=pickup')).toMatchObject({ view: 'shops', openNow: false, delivery: 'pickup' });
  });

  it('orders by the search’s own order unless another is chosen: the best matches with words, the nearest without', () => {
    expect(sortOf(read('q=pane'))).toBe('relevance');
    expect(sortOf(read(''))).toBe('distance');
    expect(sortOf(read('q=pane&sort=price'))).toBe('price');
    expect(sortOf(read('q=pane&sort=distance'))).toBe('distance');
  });

  it('offers the admin’s default radius among the usual ones', () => {
    expect(radiiWith(7.5)).toEqual([1, 2, 5, 7.5, 10, 20, 50]);
    expect(radiiWith(5)).toEqual([1, 2, 5, 10, 20, 50]);
  });

  it('leaves defaults out of the URL and starts any other change at page 1', () => {
    const current = new URLSearchParams('q=pane&page=3&radius=20');
    expect(withFilters(current, { radius: '7.5' }, maps).toString()).toBe('q=pane');
    expect(withFilters(current, { sort: 'distance', category: 'alimentari' }, maps).toString()).toBe('q=pane&radius=20&sort=distance&category=alimentari');
    expect(withFilters(new URLSearchParams('q=pane&sort=price'), { sort: '' }, maps).toString()).toBe('q=pane');
    expect(withFilters(current, { page: '4' }, maps).toString()).toBe('q=pane&page=4&radius=20');
    expect(withFilters(current, { page: '1' }, maps).toString()).toBe('q=pane&radius=20');
  });

  it('corrects new words again: «as typed» holds for the words it was asked for', () => {
    const typed = new URLSearchParams('q=lampadne&asTyped=true');
    expect(withFilters(typed, { radius: '20' }, maps).toString()).toBe('q=lampadne&asTyped=true&radius=20');
    expect(withFilters(typed, { q: 'lampadine' }, maps).toString()).toBe('q=lampadine');
    expect(withFilters(new URLSearchParams('q=lampadne'), { q: 'lampadne', asTyped: 'true' }, maps).toString()).toBe('q=lampadne&asTyped=true');
  });

  it('leaves the products’ list and unset shop filters out of the URL', () => {
    const shops = new URLSearchParams('view=shops&openNow=true&delivery=pickup');
    expect(withFilters(shops, { view: 'products' }, maps).toString()).toBe('openNow=true&delivery=pickup');
    expect(withFilters(shops, { openNow: '', delivery: 'shipping' }, maps).toString()).toBe('view=shops&delivery=shipping');
  });
});
