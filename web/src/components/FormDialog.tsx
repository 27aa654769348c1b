import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorText } from '../lib/client';
import { FormError } from './FormError';

/** The move a form dialog makes: its button's words, busy while it is sent; `danger` for one that undoes something (cancelling). */
export interface DialogMove {
  label: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void | Promise<void>;
  danger?: boolean;
}

/**
 * A small form in a dialog, asked before a move: its question (`title`, named by `id`), what the
 * move means (`text`), why the last try failed above the fields, then back and the move's button.
 */
export function FormDialog({
  id,
  title,
  text,
  error,
  submit,
  onClose,
  backLabel = 'Indietro',
  maxWidth = 'xs',
  fullScreen,
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  error: ReactNode;
  submit: DialogMove;
  onClose: () => void;
  backLabel?: string;
  maxWidth?: 'xs' | 'sm';
  fullScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={id}>
      <Box component="form" noValidate onSubmit={submit.onSubmit}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{text}</DialogContentText>
          <FormError>{error}</FormError>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {backLabel}
          </Button>
          <Button type="submit" color={submit.danger ? 'error' : 'primary'} variant="contained" disabled={submit.busy}>
            {submit.busy ? 'Caricamento...' : submit.label}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * After a check refused the form, its first field marked wrong takes the focus (once drawn so):
 * its reason is read out, and on a phone it scrolls into view instead of a button that seems dead.
 */
function focusFirstWrong(event: FormEvent) {
  const form = event.currentTarget;
  if (!(form instanceof HTMLElement)) return;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The errors of a form of one field (a pickup code, a reason): the field's own beside it (found
 * here by `check`, or the API's answer for `field`), anything else above the form in the API's
 * words, else `fallback`.
 */
export function useOneFieldForm(field: string, fallback: string) {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (check: () => string | null, send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problem = check();
    setFieldError(problem);
    if (problem) return focusFirstWrong(event);
    try {
      await send();
    } catch (error) {
      const apiFieldError = error instanceof ApiError ? error.fieldErrors[field] : undefined;
      if (apiFieldError) setFieldError(apiFieldError);
      else setFormError(errorText(error, fallback));
    }
  };
  /** The field's error state: its error, else `hint` under it. */
  const fieldState = (hint: string) => ({ error: !!fieldError, helperText: fieldError ?? hint });
  return { formError, fieldError, fieldState, clearFieldError: () => setFieldError(null), submit };
}

/**
 * The errors of a form of several fields: `check` finds what is wrong before sending (by field,
 * shown beside each), then `send`; the API's field errors go beside their fields too, and its
 * message (else `fallback`) above the form.
 */
export function useFieldsForm(fallback: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (check: () => Record<string, string | undefined>, send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = Object.fromEntries(Object.entries(check()).filter((e): e is [string, string] => Boolean(e[1])));
    setErrors(found);
    if (Object.keys(found).length) return focusFirstWrong(event);
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setFormError(errorText(error, fallback));
    }
  };
  return { errors, formError, submit };
}
