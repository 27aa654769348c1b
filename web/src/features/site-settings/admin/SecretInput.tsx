import { BooleanInput, TextInput, useRecordContext } from 'react-admin';

/**
 * A secret as the admin API keeps it: the stored key comes back masked (its first and last
 * characters); the field sends a key only when a new one is typed (see omitUntouchedSecret).
 */
export function SecretInput({ source }: { source: string }) {
  const record = useRecordContext();
  const stored = Boolean(record?.[`${source}Set`]);
  return (
    <>
      <TextInput
        source={source}
        fullWidth
        autoComplete="off"
        helperText={stored ? 'Chiave salvata, mostrata solo in parte: scrivine una nuova per sostituirla.' : 'Nessuna chiave salvata.'}
      />
      {stored && <BooleanInput source="clearApiKey" label="Rimuovi la chiave salvata" />}
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
