import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Fragment } from 'react';
import { Link, useCreatePath } from 'react-admin';
import { keyLabel, shownEntries, showValue, showWhole, type ValueContext } from './values';

export type { ValueContext };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A plain value: its Italian text, or the name of the record it stands for, linked to that record. */
function Plain({ field, value, context }: { field: string; value: unknown; context: ValueContext }) {
  const createPath = useCreatePath();
  const shown = showValue(context.type, field, value, context.references, context.amounts);
  if (!shown.link) return <>{shown.text}</>;
  return (
    <MuiLink component={Link} to={createPath({ ...shown.link, type: 'show' })} underline="hover">
      {shown.text}
    </MuiLink>
  );
}

function Value({ field, value, context, depth }: { field: string; value: unknown; context: ValueContext; depth: number }) {
  const whole = showWhole(field, value);
  if (whole) return <Typography variant="body2">{whole.text}</Typography>;
  if (isObject(value)) return <ValueList value={value} context={context} depth={depth + 1} />;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (!items.length) return <Typography variant="body2">—</Typography>;
    if (items.some(isObject)) {
      return (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item, i) => (
            <li key={i}>
              <Value field={field} value={item} context={context} depth={depth} />
            </li>
          ))}
        </Box>
      );
    }
    return (
      <Typography variant="body2">
        {items.map((item, i) => (
          <Fragment key={i}>
            {i > 0 && ', '}
            <Plain field={field} value={item} context={context} />
          </Fragment>
        ))}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      <Plain field={field} value={value} context={context} />
    </Typography>
  );
}

/**
 * The fields of an event or of a state, one per line, named in Italian by the context's `label`,
 * each value as the back office writes it (values.ts); objects and lists inside are shown as their
 * own lists, never as raw JSON.
 */
export function ValueList({ value, context, depth = 0 }: { value: unknown; context: ValueContext; depth?: number }) {
  if (!isObject(value)) return <Value field="" value={value} context={context} depth={depth} />;
  const entries = shownEntries(value, context.references, context.hide);
  if (!entries.length)
    return (
      <Typography variant="body2" color="text.secondary">
        nessun dato
      </Typography>
    );
  // Names beside values where this list has room, above them where it has not: a list nested in a
  // narrow column (an order's lines in the state card) measures its own width, not the screen's.
  const sideBySide = { gridTemplateColumns: 'minmax(90px, max-content) minmax(0, 1fr)', '& > div > dt': { mt: 0 } };
  return (
    <Box sx={{ containerType: 'inline-size', pl: depth ? 1.5 : 0 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25, '@container (min-width: 340px)': sideBySide }}>
        {entries.map(([key, v]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {keyLabel(context, key)}
            </Typography>
            {/* Lines 24 px high: a linked name is a target of that size at least (WCAG 2.2, 2.5.8), however many rows are linked in turn. */}
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', '& .MuiTypography-body2': { lineHeight: '24px' } }}>
              <Value field={key} value={v} context={context} depth={depth} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
