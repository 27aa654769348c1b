import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { brandColor, buildTheme, defaultColors, minContrast } from './theme';

describe('text on the brand colours', () => {
  it('keeps the design’s near-black on the default yellow and orange', () => {
    const theme = buildTheme(defaultColors);
    expect(theme.palette.primary.contrastText).toBe('#2a2000');
    expect(theme.palette.secondary.contrastText).toBe('#2a1200');
  });

  it('reads at 4.5:1 or more on whatever colour the admin picks, on the colour and on its hover shade', () => {
    const picks = [
      '#4caf50',
      '#FFD747',
      '#FF8847',
      '#1976d2',
      '#777777',
      '#767676',
      '#808080',
      '#e91e63',
      '#00bcd4',
      '#000000',
      '#ffffff',
      '#ffeb3b',
      '#3f51b5',
      '#8bc34a',
      '#9e9e9e',
    ];
    for (let i = 0; i < 64; i++) picks.push(`#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`);
    for (const main of picks) {
      const { contrastText, dark } = brandColor(main, '#2a2000');
      expect(getContrastRatio(contrastText, main), `${contrastText} on ${main}`).toBeGreaterThanOrEqual(minContrast);
      expect(getContrastRatio(contrastText, dark), `${contrastText} on ${dark} (hover of ${main})`).toBeGreaterThanOrEqual(minContrast);
    }
  });

  it('puts white on a dark green and near-black on the light one, each reading on the hover shade too', () => {
    expect(brandColor('#2e7d32', '#2a2000').contrastText).toBe('#ffffff');
    const green = brandColor('#4caf50', '#2a2000');
    expect(green.contrastText).toBe('#2a2000');
    // MUI's own hover shade of this green carries the dark text at about 3:1: ours keeps it readable.
    expect(getContrastRatio('#2a2000', '#357a38')).toBeLessThan(minContrast);
    expect(getContrastRatio(green.contrastText, green.dark)).toBeGreaterThanOrEqual(minContrast);
  });
});
