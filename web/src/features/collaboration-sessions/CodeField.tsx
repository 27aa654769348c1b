import { TextField } from '@mui/material';
import { useState } from 'react';
import { CODE_LENGTH, normalizeCode } from '@pure/collaboration-sessions/labels';
import { useOneFieldForm } from '../../components/FormDialog';
import { codeProblem, typedCode } from './session-figures';

const mono = '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace';

/**
 * A one-time code typed on a phone: large, in capitals and grouped as ABCD-2345 while it is
 * typed, with or without the dash, in any case; `state` is the field's error or hint
 * (useOneFieldForm().fieldState).
 */
export function CodeField({
  label,
  value,
  onChange,
  state,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  state: { error: boolean; helperText: string };
  autoFocus?: boolean;
}) {
  // A code longer than a code is said at once (it is kept whole, never cut).
  const over = normalizeCode(value).length > CODE_LENGTH ? codeProblem(value) : null;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(typedCode(e.target.value))}
      autoFocus={autoFocus}
      required
      fullWidth
      placeholder={`${'X'.repeat(4)}-${'X'.repeat(CODE_LENGTH - 4)}`}
      error={state.error || Boolean(over)}
      helperText={over ?? state.helperText}
      slotProps={{
        htmlInput: {
          autoCapitalize: 'characters',
          autoComplete: 'one-time-code',
          autoCorrect: 'off',
          spellCheck: false,
          style: { fontFamily: mono, fontSize: '1.75rem', letterSpacing: '0.12em', textAlign: 'center', textTransform: 'uppercase' },
        },
      }}
    />
  );
}

/**
 * A form of one code (activation, closure, access): the field's props (`hint` under it, or its
 * error: a code of the wrong length or letters is caught before it is sent, a wrong one is the
 * API's, in `field`), and the submit that sends the code normalised ("ABCD2345").
 */
export function useCodeForm(field: string, fallback: string, hint: string, send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const form = useOneFieldForm(field, fallback);
  return {
    formError: form.formError,
    submit: form.submit(
      () => codeProblem(code),
      () => send(normalizeCode(code)),
    ),
    reset: () => setCode(''),
    field: {
      value: code,
      onChange: (value: string) => {
        setCode(value);
        form.clearFieldError();
      },
      state: form.fieldState(hint),
    },
  };
}
