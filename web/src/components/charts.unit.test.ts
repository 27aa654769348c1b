import { describe, expect, it } from 'vitest';
import { usagePerFunction } from './charts';

describe('the credits used per function per day', () => {
  it('lays every day of the period on the axis, quiet days as zeros, one stacked series a function', () => {
    const usage = usagePerFunction(
      [
        { day: '2026-03-02', action: 'product-description', credits: 3 },
        { day: '2026-03-04', action: 'product-description', credits: 1 },
        { day: '2026-03-04', action: 'review-reply', credits: 2 },
      ],
      4,
      { today: '2026-03-04', labelOf: (action) => (action === 'review-reply' ? 'Risposta a recensione o reclamo' : action) },
    );
    expect(usage.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(usage.series).toEqual([
      { label: 'product-description', data: [0, 3, 0, 1] },
      { label: 'Risposta a recensione o reclamo', data: [0, 0, 0, 2] },
    ]);
  });

  it('keeps the first hours of the period, on the day before its first whole day', () => {
    const usage = usagePerFunction([{ day: '2026-02-28', action: 'shop-description', credits: 1 }], 2, { today: '2026-03-02' });
    expect(usage.days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(usage.series).toEqual([{ label: 'shop-description', data: [1, 0, 0] }]);
  });
});
