import { Box, Card, Tab } from '@mui/material';
import { ScrollingTabs } from './ScrollingTabs';

/**
 * Tabs filtering a list by state, each with how many it holds; the state waiting for the user
 * (`urgent`) shows its count in the warning colour while it has any.
 */
export function CountTabs<T extends string>({
  tabs,
  value,
  counts,
  urgent,
  onChange,
}: {
  tabs: { value: T; label: string }[];
  value: T;
  counts: Record<T, number>;
  urgent: T;
  onChange: (value: T) => void;
}) {
  return (
    <Card sx={{ mb: 2 }}>
      <ScrollingTabs value={value} onChange={(_, next: T) => onChange(next)} aria-label="Filtra per stato">
        {tabs.map((t) => {
          const alert = Boolean(counts[t.value]) && t.value === urgent;
          return (
            <Tab
              key={t.value}
              value={t.value}
              sx={{ minHeight: 56 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
                  {t.label}
                  <Box
                    component="span"
                    sx={{
                      px: 0.75,
                      minWidth: 22,
                      borderRadius: 5,
                      bgcolor: alert ? 'warning.main' : 'action.selected',
                      color: alert ? 'warning.contrastText' : 'text.primary',
                      fontSize: '0.75rem',
                      fontWeight: 700,
                      lineHeight: '20px',
                    }}
                  >
                    {counts[t.value]}
                  </Box>
                </Box>
              }
            />
          );
        })}
      </ScrollingTabs>
    </Card>
  );
}
