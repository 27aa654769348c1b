import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { Autocomplete, Box, Paper, TextField, Typography, type PaperProps, type TextFieldProps } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { errorText } from '../../lib/client';
import { placeOfSuggestion, searchPlaces, usePlaceSuggestions, type GeocodedPlace, type PlaceSuggestion } from './api';
import { randomUuid } from '../../lib/random-uuid';

/** Who the suggestions shown come from: their credit follows. */
const SuggestionsSource = createContext<'offline' | 'google'>('offline');

/** The credit each source asks under its suggestions (GeoNames' licence; Google's attribution rules). */
const credits = { offline: 'Luoghi: ISTAT (CC BY 3.0 IT) e GeoNames (CC BY 4.0)', google: 'Suggerimenti di Google' } as const;

/** The suggestions' list, with the credit of the places' data under it. */
function SuggestionsPaper({ children, ...props }: PaperProps) {
  const source = useContext(SuggestionsSource);
  return (
    <Paper {...props}>
      {children}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
        {credits[source]}
      </Typography>
    </Paper>
  );
}

export interface AddressFieldProps {
  label: string;
  /** The text as typed (the field never changes it but when a suggestion is chosen). */
  value: string;
  onChange: (text: string) => void;
  /** A place chosen: a suggestion, or the first place of the whole text when Invio is pressed. */
  onPlace: (place: GeocodedPlace, text: string) => void;
  placeholder?: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
  size?: TextFieldProps['size'];
  autoComplete?: string;
  autoFocus?: boolean;
  name?: string;
}

/**
 * An address with suggestions while typing (issue [22]): the places the server offers for the text
 * so far, asked once typing pauses; arrows and Invio choose one, Invio alone looks the whole text
 * up. The text stays the person's: a suggestion only fills it when chosen.
 */
export function AddressField({
  label,
  value,
  onChange,
  onPlace,
  placeholder,
  helperText,
  error,
  required,
  size = 'small',
  autoComplete = 'street-address',
  autoFocus,
  name,
}: AddressFieldProps) {
  // One typing session per choice (Google bills its suggestions and the place chosen by it).
  const [session, setSession] = useState(() => randomUuid());
  const suggestions = usePlaceSuggestions(value, session);
  const [problem, setProblem] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const options = value.trim().length >= 2 ? (suggestions.data?.suggestions ?? []) : [];
  const notice = suggestions.data?.notice ?? null;

  const choose = async (suggestion: PlaceSuggestion) => {
    setLooking(true);
    setProblem(null);
    try {
      onPlace(await placeOfSuggestion(suggestion, session), suggestion.text);
      setSession(randomUuid());
    } catch (e) {
      setProblem(errorText(e, 'Luogo non disponibile: riprova tra poco, oppure premi Invio.'));
    } finally {
      setLooking(false);
    }
  };

  const lookUp = async () => {
    if (!value.trim()) return;
    setLooking(true);
    setProblem(null);
    try {
      const { places } = await searchPlaces(value);
      if (places[0]) onPlace(places[0], value);
      else setProblem('Nessun luogo corrisponde: controlla il comune, oppure scrivi il CAP.');
    } catch (e) {
      setProblem(errorText(e, 'Ricerca dell’indirizzo non riuscita: riprova tra poco.'));
    } finally {
      setLooking(false);
    }
  };

  return (
    <SuggestionsSource.Provider value={options.some((o) => o.place === null || o.place.source === 'google') ? 'google' : 'offline'}>
      <Autocomplete
        freeSolo
        autoHighlight={false}
        filterOptions={(all) => all}
        options={options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.text)}
        isOptionEqualToValue={(option, chosen) => option.text === (typeof chosen === 'string' ? chosen : chosen.text)}
        inputValue={value}
        // Invio looks the address up (or takes the suggestion highlighted): it never submits the form around the field.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input' || reason === 'clear') {
            setProblem(null);
            onChange(text);
          }
        }}
        onChange={(_event, chosen, reason) => {
          if (chosen && typeof chosen !== 'string') {
            onChange(chosen.text);
            void choose(chosen);
          } else if (reason === 'createOption') void lookUp();
        }}
        loading={suggestions.isFetching || looking}
        loadingText="Cerco…"
        noOptionsText="Nessun suggerimento"
        // Whoever answered is credited under the suggestions (GeoNames' licence asks it).
        slots={{ paper: SuggestionsPaper }}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <PlaceIcon fontSize="small" color="action" sx={{ mt: 0.25 }} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {option.place?.label ?? option.text}
              </Typography>
              {option.place?.region && (
                <Typography variant="caption" color="text.secondary">
                  {option.place.precision === 'locality' ? 'Quartiere o frazione · ' : option.place.precision === 'postcode' ? 'CAP · ' : ''}
                  {option.place.region}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            name={name}
            placeholder={placeholder}
            required={required}
            autoFocus={autoFocus}
            size={size}
            error={error || problem !== null}
            helperText={problem ?? notice ?? helperText ?? ' '}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, autoComplete, enterKeyHint: 'search' },
            }}
          />
        )}
      />
    </SuggestionsSource.Provider>
  );
}
