import { useMediaQuery, type Theme } from '@mui/material';

/** Phones get one-line lists instead of wide tables (design §5: every screen works at 375 px). */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
