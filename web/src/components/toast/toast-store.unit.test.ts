import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, toast } from './toast-store';

afterEach(() => vi.useRealTimers());

describe('toast store (spec §9)', () => {
  it('shows one toast at a time: the newest replaces the one on screen', () => {
    toast({ title: 'Primo' });
    toast({ title: 'Secondo', variant: 'destructive' });
    expect(currentToasts()).toEqual([expect.objectContaining({ title: 'Secondo', variant: 'destructive', open: true })]);
  });

  it('closes a dismissed toast and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Da chiudere' });
    dismissToast(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(999_999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });
});
