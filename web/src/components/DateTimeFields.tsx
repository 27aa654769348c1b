import { FormGroup, TextField } from '@mui/material';

/** A day and a time (on Rome's clock, as lib/dates reads them), side by side where there is room; `error` under the day. */
export function DateTimeFields({
  dateLabel,
  timeLabel = 'alle ore',
  value,
  onChange,
  error,
}: {
  dateLabel: string;
  timeLabel?: string;
  value: { date: string; time: string };
  onChange: (value: { date: string; time: string }) => void;
  error?: string;
}) {
  return (
    <FormGroup row sx={{ gap: 2 }}>
      <TextField
        label={dateLabel}
        type="date"
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.target.value })}
        error={!!error}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 160px' }}
      />
      <TextField
        label={timeLabel}
        type="time"
        value={value.time}
        onChange={(e) => onChange({ ...value, time: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 120px' }}
      />
    </FormGroup>
  );
}
