/**
 * Stands for @mui/material/styles/ThemeProviderWithVars in the site's build (web/vite.config.ts,
 * withoutCssVariableThemes): MUI's ThemeProvider renders it only for a theme with CSS variables,
 * which the site never makes.
 */
function refuse(): never {
  throw new Error('Vicino: i temi MUI con variabili CSS non sono inclusi nel sito (web/vite.config.ts)');
}

export const CssVarsProvider = refuse;
export const useColorScheme = refuse;
export const getInitColorSchemeScript = refuse;
export const Experimental_CssVarsProvider = refuse;
