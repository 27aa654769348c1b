import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';

/** A card with the latest items of a list (spec §9: dashboards show 5) or a friendly empty line. */
export function RecentList<T extends { id: string }>({
  title,
  items,
  empty,
  render,
  limit = 5,
}: {
  title: string;
  items: T[];
  empty: string;
  render: (item: T) => ReactNode;
  limit?: number;
}) {
  const shown = items.slice(0, limit);
  return (
    <Card>
      <CardContent>
        <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          shown.map((item, i) => (
            <Fragment key={item.id}>
              {i > 0 && <Divider />}
              <Box sx={{ py: 1.25, display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>{render(item)}</Box>
            </Fragment>
          ))
        )}
      </CardContent>
    </Card>
  );
}
