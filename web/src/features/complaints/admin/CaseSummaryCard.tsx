import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { urgencies, urgencyLabels } from '@labels/complaints';
import { useCaseSummary, type CaseSummary } from '../api';
import { urgencyColors } from '../case-figures';

/** The list of cases filtered as react-admin reads it from its address. */
const listOf = (filter: Record<string, unknown>) => `/admin/complaints?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export function CaseSummaryView({ summary: s }: { summary: CaseSummary }) {
  const open = urgencies.reduce((n, u) => n + s.open[u], 0);
  return (
    <Card component="section" aria-labelledby="admin-cases-summary" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography id="admin-cases-summary" variant="h4" component="h2" sx={{ display: 'flex', gap: 1, alignItems: 'center', '& svg': { color: 'secondary.main' } }}>
            <ReportProblemIcon /> Reclami e contestazioni
          </Typography>
          <Button component={Link} to="/admin/complaints" size="small">
            Apri i casi
          </Button>
        </Box>
        <Typography color="text.secondary">{open === 0 ? 'Nessun caso aperto.' : `${open} ${open === 1 ? 'caso aperto' : 'casi aperti'}, per urgenza:`}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {urgencies
            .slice()
            .reverse()
            .map((u) => (
              <Chip
                key={u}
                component={Link}
                to={listOf({ urgency: u })}
                clickable
                color={s.open[u] ? urgencyColors[u] : 'default'}
                variant={s.open[u] ? 'filled' : 'outlined'}
                label={`${urgencyLabels[u]}: ${s.open[u]}`}
              />
            ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip component={Link} to={listOf({ late: true })} clickable color={s.late ? 'error' : 'default'} label={`In ritardo: ${s.late}`} data-testid="cases-late" />
          <Chip
            component={Link}
            to={listOf({ compensationStatus: 'pending' })}
            clickable
            color={s.compensationsToApprove ? 'secondary' : 'default'}
            label={`Indennizzi da approvare: ${s.compensationsToApprove}`}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The admin dashboard's card of the cases (GET /api/admin/complaints-summary). */
export function CaseSummaryCard() {
  const { data } = useCaseSummary();
  return data ? <CaseSummaryView summary={data} /> : null;
}
