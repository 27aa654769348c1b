import CloseIcon from '@mui/icons-material/TaskAlt';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { ApiError, apiRequest } from '../../../lib/client';
import { replyMailState, type ContactSubmission } from '../api';

const urlOf = (id: string) => `/api/admin/contact-submissions/${id}`;

/** A new message becomes read when the admin opens it, once. */
function useMarkReadOnOpen(message: ContactSubmission | undefined, refresh: () => void) {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!message || message.status !== 'new' || marked.current === message.id) return;
    marked.current = message.id;
    void apiRequest('POST', `${urlOf(message.id)}/read`).then(refresh, () => undefined);
  }, [message, refresh]);
}

/** While the answer's mail waits or leaves, the page looks again now and then, until the queue says how it went. */
function useFollowReplyMail(message: ContactSubmission | undefined, refresh: () => void) {
  const waiting = message?.replyMailStatus === 'pending' || message?.replyMailStatus === 'sending';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, [waiting, refresh]);
}

/**
 * The admin's work on a message, which it marks read when opened: the notes (kept at any time), the answer sent by e-mail with the
 * visitor's message quoted, and closing it. A closed message takes no more answers.
 */
export function ContactActions(_: { label?: false }) {
  const message = useRecordContext<ContactSubmission>();
  const refresh = useRefresh();
  const { busy, call } = useAdminCall();
  const [notes, setNotes] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  useMarkReadOnOpen(message, refresh);
  useFollowReplyMail(message, refresh);
  if (!message) return null;
  const mail = replyMailState(message);
  const closed = message.status === 'closed';

  /** A reply the server refuses for its words says why under the reply. */
  const replyRefused = (error: unknown) => {
    const field = error instanceof ApiError ? error.fieldErrors.message : undefined;
    if (field) setReplyError(field);
    return Boolean(field);
  };
  const run = (request: () => Promise<unknown>, done: string) => call(request, done, replyRefused);

  const sendReply = async () => {
    setReplyError(null);
    if (await run(() => apiRequest('POST', `${urlOf(message.id)}/reply`, { message: reply }), `Risposta in coda: partirà per e-mail a ${message.email}`)) setReply('');
  };
  const saveNotes = () => run(() => apiRequest('PUT', urlOf(message.id), { adminNotes: notes ?? message.adminNotes ?? '' }), 'Note salvate');
  const close = () => run(() => apiRequest('POST', `${urlOf(message.id)}/close`), 'Messaggio chiuso');

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, width: '100%', mt: 1 }}>
      <Box component="section" aria-label="Rispondi">
        <Typography variant="h6" component="h2" gutterBottom>
          Rispondi
        </Typography>
        {mail && (
          <Alert severity={mail.severity} sx={{ mb: 2 }} role="status" data-reply-mail={message.replyMailStatus ?? 'none'}>
            {mail.text}
          </Alert>
        )}
        {closed ? (
          <Alert severity="info">Il messaggio è chiuso: non si può più rispondere.</Alert>
        ) : (
          <>
            <TextField
              label="Risposta"
              multiline
              minRows={4}
              fullWidth
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              error={!!replyError}
              helperText={replyError ?? `Parte per e-mail a ${message.email}, con il suo messaggio citato sotto.`}
            />
            <Button sx={{ mt: 1 }} variant="contained" startIcon={<SendIcon />} disabled={busy || reply.trim() === ''} onClick={sendReply}>
              Invia la risposta
            </Button>
          </>
        )}
      </Box>
      <Box component="section" aria-label="Note interne">
        <Typography variant="h6" component="h2" gutterBottom>
          Note interne
        </Typography>
        <TextField
          label="Note"
          multiline
          minRows={2}
          fullWidth
          value={notes ?? message.adminNotes ?? ''}
          onChange={(e) => setNotes(e.target.value)}
          helperText="Le vede solo l’amministrazione."
        />
        <Button sx={{ mt: 1 }} disabled={busy || notes === null} onClick={saveNotes}>
          Salva le note
        </Button>
      </Box>
      {!closed && (
        <Box>
          <Button color="inherit" variant="outlined" startIcon={<CloseIcon />} disabled={busy} onClick={close}>
            Chiudi il messaggio
          </Button>
        </Box>
      )}
    </Stack>
  );
}
