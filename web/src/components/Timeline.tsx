import { Box, Typography } from '@mui/material';

export interface TimelineStep {
  /** Unique within the timeline. */
  key: string;
  /** What happened: "In preparazione". */
  title: string;
  /** When, and by whom: "18 apr 2025, 10:30 · dal negozio". */
  detail: string;
  /** Words someone left with the step, shown quoted. */
  note?: string | null;
}

/** Each change of state, oldest first, the current one (the last) marked: an order's story on every page that tells it. */
export function Timeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        return (
          <Box component="li" key={step.key} sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }} aria-current={last ? 'step' : undefined}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  mt: '4px',
                  flexShrink: 0,
                  bgcolor: last ? 'secondary.main' : 'grey.400',
                  boxShadow: last ? (t) => `0 0 0 4px ${t.palette.action.selected}` : 'none',
                }}
              />
              {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: last ? 700 : 600 }}>{step.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {step.detail}
              </Typography>
              {step.note && (
                <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                  «{step.note}»
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
