/**
 * Stands for @mui/material/styles/createThemeWithVars in the site's build (web/vite.config.ts,
 * withoutCssVariableThemes): the site's theme has no CSS variables, so this is never called.
 */
function refuse(): never {
  throw new Error('Vicino: i temi MUI con variabili CSS non sono inclusi nel sito (web/vite.config.ts)');
}

export const createGetCssVar = refuse;
export default refuse;
