import { Alert, Box, Button, Card, CardContent, Container, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../app/auth';
import { ApiError, errorText } from '../../lib/client';
import { usePageTitle, useSiteName } from '../site-settings/api';
import { sendContact, type ContactForm } from './api';

type Values = Required<ContactForm>;
const empty: Values = { name: '', email: '', subject: '', message: '', phone: '', company: '', website: '' };
const fieldNames = Object.keys(empty) as (keyof Values)[];

/**
 * /contatti: a visitor writes to the platform. The server checks the fields (its Italian
 * messages stand under them) and throttles repeated sends; `website` is the bots' bait, hidden
 * from people and from screen readers.
 */
export default function ContactPage() {
  const siteName = useSiteName();
  usePageTitle('Contatti');
  const [sent, setSent] = useState<string | null>(null);
  const { user } = useAuth();
  // Someone logged in writes as themselves: name and address filled in (still theirs to change).
  const signedAs = user ? { name: user.name, email: user.email } : null;
  // A page that leads here may name the subject (?oggetto=, the accessibility statement's «Segnala un ostacolo»).
  const [params] = useSearchParams();
  const subject = (params.get('oggetto') ?? '').slice(0, 200);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1 }}>
        Contattaci
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Domande su un ordine, sul tuo negozio o su {siteName}? Scrivici: ti risponderemo via e-mail al più presto.
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {sent ? (
            <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
              <Alert severity="success" role="status" sx={{ width: '100%' }}>
                {sent}
              </Alert>
              <Button variant="outlined" onClick={() => setSent(null)}>
                Scrivi un altro messaggio
              </Button>
            </Box>
          ) : (
            <ContactFormFields key={user?.id ?? 'visitatore'} from={signedAs} subject={subject} onSent={setSent} />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

/** The form, fresh each time it is shown, with the name and address of whoever is logged in, and the subject the page was asked with. */
function ContactFormFields({ from, subject, onSent }: { from: { name: string; email: string } | null; subject: string; onSent: (message: string) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ defaultValues: { ...empty, subject, ...from } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSent((await sendContact(values)).message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      for (const [field, message] of Object.entries(fields)) {
        if (fieldNames.includes(field as keyof Values)) setError(field as keyof Values, { message });
      }
      if (!Object.keys(fields).length) setFormError(errorText(error, 'Non è stato possibile inviare il messaggio. Riprova.'));
    }
  });

  const field = (name: Exclude<keyof Values, 'website'>, required = false) => ({
    ...register(name),
    required,
    fullWidth: true,
    error: !!formState.errors[name],
    helperText: formState.errors[name]?.message,
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Modulo di contatto" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {formError && (
        <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {formError}
        </Alert>
      )}
      <TextField label="Nome e cognome" autoComplete="name" {...field('name', true)} />
      <TextField label="E-mail" type="email" autoComplete="email" {...field('email', true)} />
      <TextField label="Telefono" type="tel" autoComplete="tel" {...field('phone')} />
      <TextField label="Azienda o negozio" autoComplete="organization" {...field('company')} />
      <TextField label="Oggetto" {...field('subject', true)} sx={{ gridColumn: '1 / -1' }} />
      <TextField label="Messaggio" multiline minRows={5} {...field('message', true)} sx={{ gridColumn: '1 / -1' }} />
      {/* Bots fill every field they find; people never see this one, nor do screen readers. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          Sito web
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Invio in corso…' : 'Invia il messaggio'}
        </Button>
      </Box>
    </Box>
  );
}
