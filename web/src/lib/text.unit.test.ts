import { describe, expect, it } from 'vitest';
import { foldText, formatRating } from './text';

describe('text as the site writes and matches it', () => {
  it('writes a rating with a decimal comma', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4,0');
  });

  it('folds case and accents for matching what a person typed', () => {
    expect(foldText('Caffè')).toBe(foldText('caffe'));
  });
});
