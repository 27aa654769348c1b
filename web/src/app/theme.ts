import { createTheme, type Theme } from '@mui/material/styles';

export const defaultColors = { primary: '#FFD747', secondary: '#FF8847' };

/** Text in the brand's spirit that stays readable on white. */
const textOnLight = '#6b4e00';

/**
 * The one MUI theme of the customer, shopkeeper and collaborator pages and of the admin
 * (design §5), in the site settings' colours.
 */
export function buildTheme(colors: { primary: string; secondary: string } = defaultColors): Theme {
  return createTheme({
    palette: {
      primary: { main: colors.primary, contrastText: '#2a2000' },
      secondary: { main: colors.secondary, contrastText: '#2a1200' },
      background: { default: '#fbfaf6', paper: '#ffffff' },
      text: { primary: '#1f1a10', secondary: '#5d5543' },
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
      // The yellow primary is a background colour: as text on white it would not be readable.
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ ownerState }) => (ownerState.color === 'primary' && ownerState.variant !== 'contained' ? { color: textOnLight, borderColor: colors.primary } : {}),
        },
      },
      MuiLink: { defaultProps: { color: textOnLight } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: textOnLight } } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
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
