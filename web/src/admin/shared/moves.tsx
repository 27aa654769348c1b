import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { errorText } from '../../lib/client';

/*
 * The admin's moves on a record from its buttons (approve, suspend, unlock…): a call applied at
 * once, said done or refused in a notice, and the screen read again; a move that needs a reason
 * asks it first in a dialog.
 */

/**
 * A move's call: while it is sent `busy` holds; once done `done` is said and the screen read
 * again, else the server's reason (or `fallback`) in a notice, unless `shown` shows the failure
 * itself (in the move's dialog, under a field) and says so. Answers whether it was done.
 */
export function useAdminCall(fallback = 'Operazione non riuscita') {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const call = async (request: () => Promise<unknown>, done: string, shown?: (error: unknown) => boolean): Promise<boolean> => {
    setBusy(true);
    try {
      await request();
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      if (!shown?.(error)) notify(errorText(error, fallback), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, call };
}

/** The reason a move asks (never empty): its field's words, its limit (the contract's), whether the field is marked required. */
export interface ReasonAsked {
  label: string;
  hint?: string;
  limit: number;
  required?: boolean;
}

/**
 * A move's question with the reason it takes (`reason`, the caller's, so it can clear it once
 * done), any other fields after it (`children`), then «Annulla» and the move's button: that one
 * waits for a reason within its limit and for the other fields (`ready`).
 */
export function AskReasonDialog({
  open,
  title,
  reason,
  onReason,
  asked,
  confirm,
  danger = false,
  busy,
  ready = true,
  onClose,
  onConfirm,
  children,
}: {
  open: boolean;
  title: ReactNode;
  reason: string;
  onReason: (reason: string) => void;
  asked: ReasonAsked;
  confirm: string;
  /** A move that stops something (reject, suspend): its button is red. */
  danger?: boolean;
  busy: boolean;
  ready?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <LimitedTextField
          autoFocus
          fullWidth
          required={asked.required}
          multiline
          minRows={2}
          margin="dense"
          label={asked.label}
          hint={asked.hint}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          limit={asked.limit}
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annulla</Button>
        <Button
          {...(danger ? { color: 'error' as const } : {})}
          variant="contained"
          disabled={busy || !ready || reason.trim() === '' || Boolean(tooLong(reason, asked.limit))}
          onClick={onConfirm}
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
