import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment } from '@mui/material';
import { LimitedTextField } from './form-kit';

/**
 * A search over the list under it, on a shop's own pages: its label says what it looks in. With
 * `limit` (the most the API searches for), longer words are kept and marked wrong with the count,
 * never cut: the page searches only for words within the limit (`tooLong`).
 */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
  limit,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  limit?: number;
}) {
  return (
    <LimitedTextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // No limit: nothing to count.
      limit={limit ?? Number.POSITIVE_INFINITY}
      fullWidth
      sx={{ mb: 2, maxWidth: { md: 480 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
