import SearchIcon from '@mui/icons-material/Search';
import { Box, Button } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';

/** Spec §9: typing starts a search from this many characters (after trimming). */
const MIN_TYPED_LENGTH = 2;

export interface SearchBoxProps {
  /** Fires while typing (from 2 characters) and on submit, always with the trimmed text. */
  onSearch: (q: string) => void;
  /** Fires on submit only, after onSearch: for callers that act on an explicit search alone. */
  onSubmit?: (q: string) => void;
  loading?: boolean;
  defaultValue?: string;
  autoFocus?: boolean;
}

/**
 * The search box of spec §5. A native input styled by the theme rather than MUI's InputBase/
 * TextField: this box sits on the home page, whose first load must stay small, and the platform
 * input does all we need here.
 */
export function SearchBox({ onSearch, onSubmit, loading = false, defaultValue = '', autoFocus = false }: SearchBoxProps) {
  const [text, setText] = useState(defaultValue);
  const trimmed = text.trim();

  const change = (next: string) => {
    setText(next);
    const nextTrimmed = next.trim();
    // A trailing space changes nothing worth searching again.
    if (nextTrimmed.length >= MIN_TYPED_LENGTH && nextTrimmed !== trimmed) onSearch(nextTrimmed);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed) return;
    onSearch(trimmed);
    onSubmit?.(trimmed);
  };

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, width: '100%', minWidth: 0 }}>
      <Box
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          minHeight: 56,
          bgcolor: 'background.paper',
          border: `1px solid ${alpha(theme.palette.text.primary, 0.25)}`,
          borderRadius: `${theme.shape.borderRadius}px`,
          color: 'text.secondary',
          transition: 'border-color 120ms, box-shadow 120ms',
          '&:hover': { borderColor: theme.palette.text.primary },
          '&:focus-within': {
            borderColor: theme.palette.secondary.main,
            boxShadow: `0 0 0 3px ${alpha(theme.palette.secondary.main, 0.3)}`,
          },
        })}
      >
        <SearchIcon aria-hidden />
        <Box
          component="input"
          type="search"
          value={text}
          onChange={(event) => change(event.target.value)}
          placeholder="Cerca prodotti o categorie..."
          aria-label="Cerca prodotti o categorie"
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          sx={{
            flex: 1,
            minWidth: 0,
            height: 54,
            border: 0,
            outline: 0,
            p: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            fontSize: '1rem',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
          }}
        />
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={!trimmed} aria-busy={loading} sx={{ flexShrink: 0, px: 4, minHeight: 56 }}>
        {loading ? 'Caricamento...' : 'Cerca'}
      </Button>
    </Box>
  );
}
