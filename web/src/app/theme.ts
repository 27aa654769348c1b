import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';

export const defaultColors = { primary: '#FFD747', secondary: '#FF8847' };

/** Text in the brand's spirit that stays readable on white. */
const textOnLight = '#6b4e00';

/** WCAG AA for normal text. */
export const minContrast = 4.5;
const white = '#ffffff';

/**
 * A brand colour the admin picks (site settings), with the text drawn on it chosen for contrast:
 * the near-black of the design or white, whichever reads better on it (pure black when neither
 * reaches 4.5:1), and a hover shade (`dark`) on which that text still reads at 4.5:1: darker under
 * white text, under dark text darker only while it still reads, else lighter.
 */
export function brandColor(main: string, nearBlack: string): { main: string; dark: string; contrastText: string } {
  const best = [nearBlack, white].reduce((a, b) => (getContrastRatio(b, main) > getContrastRatio(a, main) ? b : a));
  const text = getContrastRatio(best, main) >= minContrast ? best : '#000000';
  const darker = darken(main, 0.3);
  const dark = getContrastRatio(text, darker) >= minContrast ? darker : text === white ? darker : lighten(main, 0.2);
  return { main, dark, contrastText: text };
}

/** Secondary text: labels, help, what is said beside the main text (7:1 on the page). */
const secondaryText = '#5d5543';

/** The page's light background, the darkest text sits on: a brand colour as text must read on it. */
const pageBackground = '#fbfaf6';

/**
 * A brand colour the admin picks, as text on the pages' light backgrounds (a heading's overline, a
 * link in the brand's colour): itself when it reads at 4.5:1 there, otherwise darker until it does.
 */
export function readableOnLight(color: string): string {
  let text = color;
  for (let i = 0; i < 20 && getContrastRatio(text, pageBackground) < minContrast; i++) text = darken(text, 0.1);
  return text;
}

/**
 * The one MUI theme of the customer, shopkeeper and collaborator pages and of the admin
 * (design §5), in the site settings' colours.
 */
export function buildTheme(colors: { primary: string; secondary: string } = defaultColors): Theme {
  /** A control in a brand colour drawn on white: its text readable, its border still the brand's. */
  const onWhite: Partial<Record<string, { color: string; borderColor: string }>> = {
    primary: { color: textOnLight, borderColor: colors.primary },
    secondary: { color: readableOnLight(colors.secondary), borderColor: colors.secondary },
  };
  return createTheme({
    palette: {
      primary: brandColor(colors.primary, '#2a2000'),
      secondary: brandColor(colors.secondary, '#2a1200'),
      background: { default: pageBackground, paper: '#ffffff' },
      // MUI's orange (#ed6c02) reads at 3.1:1 under white text or on white: a darker one, at 5.4:1.
      warning: { main: '#b54708' },
      // MUI's light blue (#0288d1) reads at 3.9:1 under white text (a filled chip) or on white (an outlined one): a darker one, at 6:1.
      info: { main: '#0267a6' },
      text: { primary: '#1f1a10', secondary: secondaryText },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 800, fontSize: '2.4rem', lineHeight: 1.15 },
      h2: { fontWeight: 800, fontSize: '1.9rem' },
      h3: { fontWeight: 700, fontSize: '1.5rem' },
      h4: { fontWeight: 700, fontSize: '1.25rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // The brand colours are background colours: as text on white (an outlined or text button, an
      // outlined chip) the yellow becomes the brand's dark text, the secondary one is darkened until it reads at 4.5:1.
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: ({ ownerState }) => (ownerState.variant === 'contained' ? {} : (onWhite[ownerState.color ?? ''] ?? {})) },
      },
      MuiChip: { styleOverrides: { root: ({ ownerState }) => (ownerState.variant === 'outlined' ? { color: onWhite[ownerState.color ?? '']?.color } : {}) } },
      MuiLink: { defaultProps: { color: textOnLight } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: textOnLight } } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // A disabled field's label and help still say what it is and why: readable (4.5:1), not the disabled grey.
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: secondaryText } } } },
      // A focused field's label and outline in the yellow primary would not read on white (1.3:1): the brand's dark text colour instead.
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: secondaryText }, '&.Mui-focused:not(.Mui-error)': { color: textOnLight } } } },
      MuiOutlinedInput: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: textOnLight } } } },
      // A spinner is named for screen readers wherever a page forgets to (a page may name it better).
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Caricamento' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Caricamento' } },
      // The back office's «no records yet» is a message to read, not a disabled control (react-admin draws it in the disabled grey).
      RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: secondaryText } } } },
      // react-admin writes a reference's name in the primary colour, the yellow, unreadable on white (1.3:1): the links' colour instead.
      RaReferenceField: { styleOverrides: { root: { '& .RaReferenceField-link > *': { color: textOnLight } } } },
    },
  });
}

/**
 * The theme in the site settings' colours (GET /api/site-settings), the spec's defaults while
 * they are unknown: the pages and the react-admin back office use this one function.
 */
export function siteTheme(settings: { primaryColor: string; secondaryColor: string } | null | undefined): Theme {
  return buildTheme(settings ? { primary: settings.primaryColor, secondary: settings.secondaryColor } : defaultColors);
}

/** A text cut after `lines` lines with an ellipsis (a long name, a description in a card). */
export const clampLines = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;

/**
 * A list's items with a line between them, drawn by the items (a Divider between them would be a
 * child of the list that is not an item: screen readers would count it, axe refuses it).
 */
export const dividedItems = { '& > li + li': { borderTop: 1, borderColor: 'divider' } } as const;
