import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../lib/client';
import { useChangePassword, useUpdateProfile } from './api';
import { roleLabels } from '../../lib/types';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { fieldsOf, FormSection } from '../../components/form-kit';
import { passwordSchema, profileSchema, type PasswordValues, type ProfileValues } from './profile-schema';
import { FormError } from '../../components/FormError';

/** /customer/profile — name and e-mail, and a new password. */
export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <DashboardHeader title="Il mio profilo" subtitle={`${user!.username} · ${roleLabels[user!.role]}`} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        <ProfileForm />
        <PasswordForm />
      </Box>
    </>
  );
}

export function ProfileForm({ description = 'Il nome e l’e-mail che i negozi vedono nei tuoi ordini.' }: { description?: string }) {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user!.name, email: user!.email },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, email: saved.email });
      toast({ title: 'Profilo aggiornato', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'name' || field === 'email') setError(field, { message });
        }
      }
      setFormError(errorText(error, 'Profilo non aggiornato: riprova tra poco.'));
    }
  });
  const field = fieldsOf(register, errors);
  return (
    <FormSection title="Dati personali" description={description}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label="Dati personali" sx={{ display: 'grid', gap: 2 }}>
        <FormError>{formError}</FormError>
        <TextField label="Nome completo" autoComplete="name" {...field('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
        <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty} sx={{ justifySelf: 'start' }}>
          {isSubmitting ? 'Salvataggio…' : 'Salva le modifiche'}
        </Button>
      </Box>
    </FormSection>
  );
}

export function PasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast({ title: 'Password cambiata', description: 'Dalla prossima volta accedi con la nuova password.', variant: 'success' });
    } catch (error) {
      const message = errorText(error, 'Password non cambiata: riprova tra poco.');
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        if (fields.currentPassword) setError('currentPassword', { message: fields.currentPassword });
        else if (error.status === 422) setError('currentPassword', { message });
        if (fields.newPassword) setError('newPassword', { message: fields.newPassword });
      }
      setFormError(message);
    }
  });
  const field = fieldsOf(register, errors);
  return (
    <FormSection title="Cambia password" description="Almeno 6 caratteri. Ti serve la password attuale.">
      <Box component="form" onSubmit={onSubmit} noValidate aria-label="Cambia password" sx={{ display: 'grid', gap: 2 }}>
        <FormError>{formError}</FormError>
        <TextField label="Password attuale" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <TextField label="Nuova password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <TextField label="Conferma password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
          {isSubmitting ? 'Salvataggio…' : 'Cambia password'}
        </Button>
      </Box>
    </FormSection>
  );
}
