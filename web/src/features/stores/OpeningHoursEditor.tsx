import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormControlLabel, FormHelperText, IconButton, Switch, TextField, Tooltip, Typography } from '@mui/material';
import type { OpeningHours, TimeRange, Weekday } from './api';
import { week } from './week';

/** The API admits at most three ranges a day. */
const maxRanges = 3;

/** A typical Italian shop's week, one value for the form and the server's seed. */
export { typicalOpeningHours } from '@pure/stores/opening-hours';

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const byOpening = (a: TimeRange, b: TimeRange) => a.open.localeCompare(b.open);

/* On a phone the clock icon would squeeze the time out of its field; tapping opens the picker anyway. */
const timeFieldSx = { '& input::-webkit-calendar-picker-indicator': { display: { xs: 'none', sm: 'block' } } } as const;

/** One end of a range, to the five minutes; `ariaLabel` says which day, which end and which range. */
function TimeInput({ label, ariaLabel, value, onChange }: { label: string; ariaLabel: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="time"
      size="small"
      sx={timeFieldSx}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'aria-label': ariaLabel } }}
    />
  );
}

/** What is wrong with one day's ranges, in the words of the API's own rules; null when nothing. */
function dayProblem(ranges: TimeRange[]): string | null {
  if (ranges.length > maxRanges) return 'Al massimo tre fasce orarie al giorno.';
  if (ranges.some((r) => !timePattern.test(r.open) || !timePattern.test(r.close))) return 'Completa gli orari nel formato HH:MM.';
  if (ranges.some((r) => r.close <= r.open)) return 'L’orario di chiusura deve venire dopo quello di apertura.';
  const sorted = [...ranges].sort(byOpening);
  if (sorted.some((r, i) => i > 0 && sorted[i - 1]!.close > r.open)) return 'Le fasce orarie dello stesso giorno non possono sovrapporsi.';
  return null;
}

/** The days whose ranges break a rule, with the message to show; empty when the week is valid. */
export function openingHoursProblems(hours: OpeningHours): Partial<Record<Weekday, string>> {
  const problems: Partial<Record<Weekday, string>> = {};
  for (const { key } of week) {
    const problem = dayProblem(hours[key]);
    if (problem) problems[key] = problem;
  }
  return problems;
}

const rangesText = (ranges: TimeRange[]) =>
  [...ranges]
    .sort(byOpening)
    .map((r) => `${r.open}–${r.close}`)
    .join(', ');

/** What a shop whose owner has not stated its hours shows (they may be added at any time). */
export const noHoursText = 'Orari non indicati';

/**
 * The week in short lines, consecutive days with the same hours together:
 * ["Lun–Ven 08:30–13:30, 16:30–19:30", "Sab 08:30–13:30", "Dom chiuso"]. A missing day is closed.
 */
export function openingHoursGroups(hours: Partial<OpeningHours> | null): string[] {
  if (!hours) return [noHoursText];
  const groups: { first: string; last: string; text: string }[] = [];
  for (const { key, short } of week) {
    const ranges = hours[key] ?? [];
    const text = ranges.length ? rangesText(ranges) : 'chiuso';
    const previous = groups.at(-1);
    if (previous && previous.text === text) previous.last = short;
    else groups.push({ first: short, last: short, text });
  }
  if (groups.length === 1 && groups[0]!.text === 'chiuso') return ['Chiuso tutta la settimana'];
  return groups.map((g) => `${g.first === g.last ? g.first : `${g.first}–${g.last}`} ${g.text}`);
}

/** The week in one line, e.g. "Lun–Ven 08:30–13:30, 16:30–19:30; Sab 08:30–13:30; Dom chiuso". */
export function formatOpeningHours(hours: Partial<OpeningHours> | null): string {
  return openingHoursGroups(hours).join('; ');
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => {
  const m = Math.min(Math.max(minutes, 0), 23 * 60 + 59);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A new range proposed after the day's last one: an hour's break, then three hours open. */
function nextRange(ranges: TimeRange[]): TimeRange {
  const last = [...ranges].sort(byOpening).at(-1);
  if (!last || !timePattern.test(last.close)) return { open: '09:00', close: '13:00' };
  const start = toMinutes(last.close) + 60;
  return { open: toTime(start), close: toTime(start + 180) };
}

export interface OpeningHoursEditorProps {
  value: OpeningHours;
  onChange: (value: OpeningHours) => void;
}

/** The weekly hours, day by day: closed, or up to three ranges, each checked as it is typed. */
export function OpeningHoursEditor({ value, onChange }: OpeningHoursEditorProps) {
  const problems = openingHoursProblems(value);
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });
  const copyMonday = () => onChange({ ...value, '2': value['1'], '3': value['1'], '4': value['1'], '5': value['1'] });

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={copyMonday}>
          Copia gli orari del lunedì da martedì a venerdì
        </Button>
      </Box>
      {week.map(({ key, name }) => {
        const ranges = value[key];
        const closed = ranges.length === 0;
        const problem = problems[key];
        return (
          <Box
            key={key}
            component="fieldset"
            aria-invalid={problem ? true : undefined}
            sx={{
              m: 0,
              p: { xs: 1.5, sm: 2 },
              border: 1,
              borderColor: problem ? 'error.main' : 'divider',
              borderRadius: 2,
              minWidth: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr auto', md: '130px 120px 1fr' },
              alignItems: { md: 'start' },
            }}
          >
            {/* Floated, a legend leaves the border and becomes a grid item like the others. */}
            <Typography component="legend" sx={{ float: 'left', p: 0, fontWeight: 700, alignSelf: { xs: 'center', md: 'start' }, pt: { md: 1 } }}>
              {name}
            </Typography>
            <FormControlLabel
              sx={{ m: 0, justifySelf: { xs: 'end', md: 'start' }, pt: { md: 0.25 } }}
              control={<Switch checked={closed} onChange={(e) => setDay(key, e.target.checked ? [] : [nextRange([])])} />}
              label="Chiuso"
            />
            <Box sx={{ display: 'grid', gap: 1, minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
              {closed ? (
                <Typography color="text.secondary" sx={{ pt: { md: 1 } }}>
                  Chiuso tutto il giorno
                </Typography>
              ) : (
                ranges.map((range, i) => {
                  const set = (patch: Partial<TimeRange>) =>
                    setDay(
                      key,
                      ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)),
                    );
                  return (
                    <Box key={i} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 40px', gap: 1, alignItems: 'center', maxWidth: 420 }}>
                      <TimeInput label="Apre" ariaLabel={`${name}, apertura della fascia ${i + 1}`} value={range.open} onChange={(open) => set({ open })} />
                      <TimeInput label="Chiude" ariaLabel={`${name}, chiusura della fascia ${i + 1}`} value={range.close} onChange={(close) => set({ close })} />
                      <Tooltip title="Togli la fascia">
                        <IconButton
                          aria-label={`Togli la fascia ${i + 1} di ${name}`}
                          onClick={() =>
                            setDay(
                              key,
                              ranges.filter((_, j) => j !== i),
                            )
                          }
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  );
                })
              )}
              {!closed && ranges.length < maxRanges && (
                <Box>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setDay(key, [...ranges, nextRange(ranges)])} aria-label={`Aggiungi una fascia a ${name}`}>
                    Aggiungi fascia
                  </Button>
                </Box>
              )}
              {problem && (
                <FormHelperText error role="alert">
                  {problem}
                </FormHelperText>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
