import { BooleanInput, TextInput, useRecordContext } from 'react-admin';

/**
 * A secret as the admin API keeps it: the stored key comes back masked (its first and last
 * characters); the field sends a key only when a new one is typed (see omitUntouchedSecret).
 */
export function SecretInput({ source, clearSource = 'clearApiKey', password = false }: { source: string; clearSource?: string; password?: boolean }) {
  const record = useRecordContext();
  const stored = Boolean(record?.[`${source}Set`]);
  // A password is "saved" ("salvata"), a key too; a password is typed without showing it.
  const noun = password ? 'Password' : 'Chiave';
  return (
    <>
      <TextInput
        source={source}
        fullWidth
        autoComplete={password ? 'new-password' : 'off'}
        type={password ? 'password' : 'text'}
        helperText={stored ? `${noun} salvata, mostrata solo in parte: scrivine una nuova per sostituirla.` : `Nessuna ${noun.toLowerCase()} salvata.`}
      />
      {stored && <BooleanInput source={clearSource} label={`Rimuovi la ${noun.toLowerCase()} salvata`} />}
    </>
  );
}

/** The form's data without the secret when it still holds the masked value it was shown. */
export function omitUntouchedSecret(source: string) {
  return (data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => {
    if (options?.previousData && data[source] === options.previousData[source]) {
      const { [source]: _untouched, ...rest } = data;
      return rest;
    }
    return data;
  };
}
