import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/**
 * A code someone reads aloud or shows from a phone (a pickup code, a session's code): big, spaced
 * and centred, under its label, with what to do with it below. `monospace` for codes of letters and
 * digits, where 8 and B, 5 and S must not look alike; `children` stand under the hint (a button).
 */
export function CodeBox({
  label,
  code,
  hint,
  monospace = false,
  testId,
  children,
}: {
  label: string;
  code: string;
  hint?: ReactNode;
  monospace?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <Box
      sx={(t) => ({
        borderRadius: 3,
        p: { xs: 2, sm: 2.5 },
        textAlign: 'center',
        bgcolor: alpha(t.palette.primary.main, 0.28),
        border: `2px dashed ${t.palette.secondary.main}`,
        minWidth: 0,
      })}
    >
      <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em' }} id={labelId}>
        {label}
      </Typography>
      <Typography
        aria-labelledby={labelId}
        data-testid={testId}
        sx={
          monospace
            ? {
                fontFamily: '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
                fontSize: 'clamp(2.5rem, 11vw, 3.5rem)',
                fontWeight: 700,
                letterSpacing: '0.08em',
                lineHeight: 1.2,
                whiteSpace: 'nowrap',
              }
            : { fontSize: { xs: '2.4rem', sm: '3rem' }, fontWeight: 800, letterSpacing: '0.25em', fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, mr: '-0.25em' }
        }
      >
        {code}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}
