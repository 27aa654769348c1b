import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

/** The move a confirmation makes: its button's words (`busyLabel` while it is sent, if said), busy, and the move. */
export interface ConfirmMove {
  label: string;
  busyLabel?: string;
  busy: boolean;
  onConfirm: () => void | Promise<void>;
}

/**
 * A question before a move that cannot be taken back (emptying the cart, deleting a product,
 * closing every session): the question (`title`, named by `id`), what the move does (`text`),
 * then back (which has the focus) and the move's red button.
 */
export function ConfirmDialog({
  id,
  open = true,
  title,
  text,
  backLabel = 'Annulla',
  confirm,
  onClose,
}: {
  id: string;
  open?: boolean;
  title: string;
  text: ReactNode;
  backLabel?: string;
  confirm: ConfirmMove;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} autoFocus>
          {backLabel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm.onConfirm()} disabled={confirm.busy}>
          {confirm.busy && confirm.busyLabel ? confirm.busyLabel : confirm.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
