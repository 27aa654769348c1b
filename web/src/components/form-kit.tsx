import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, Card, CardContent, IconButton, TextField, Tooltip, Typography, type TextFieldProps } from '@mui/material';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { get, useForm, useFormContext, type FieldErrors, type FieldValues, type Path, type UseFormProps, type UseFormRegister } from 'react-hook-form';
import { ApiError, errorText, uploadFile } from '../lib/client';
import { tooLong } from '../lib/text';
import { toast } from './toast/toast-store';

export { tooLong };

/* What the forms share: sections, text fields bound to a form, uploads (amounts typed the Italian way are in lib/money.ts). */

/** A titled card holding one part of a form. */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h4" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A form's text fields' props by name: the field registered with react-hook-form, marked when it
 * is wrong with the reason under it, else its `hint`.
 */
export const fieldsOf =
  <T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) =>
  (name: Path<T>, hint?: string) => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- get's type argument is the object it reads, not the value it answers (any)
    const error = get(errors, name) as { message?: string } | undefined;
    return { ...register(name), error: !!error, helperText: error?.message ?? hint };
  };

/** Inside a form's provider: its react-hook-form methods, and `field` (fieldsOf) for its text fields. */
export function useFormFields<T extends FieldValues>() {
  const form = useFormContext<T>();
  return { ...form, field: fieldsOf(form.register, form.formState.errors) };
}

/**
 * A react-hook-form form whose values are sent to the API: `field` (fieldsOf) for its text fields,
 * and `sent(send)` its submit, which sends the checked values; when the API refuses them, its
 * errors on the form's own fields go beside them, and its message (else `fallback`) above the
 * form as `formError`.
 */
export function useSentForm<T extends FieldValues>(options: UseFormProps<T>, fallback: string) {
  const form = useForm<T>(options);
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError } = form;
  const sent = (send: (values: T) => Promise<void>) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await send(values);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [name, message] of Object.entries(error.fieldErrors)) if (name in values) setError(name as Path<T>, { message });
        }
        setFormError(errorText(error, fallback));
      }
    });
  return { ...form, field: fieldsOf(form.register, form.formState.errors), formError, sent };
}

/** A form's check of its fields with a limit, by field name: `{ title: [title, MAX_TITLE] }` → their problems. */
export const tooLongFields = (fields: Record<string, readonly [value: string, limit: number]>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(fields).map(([name, [value, limit]]) => [name, tooLong(value, limit)]));

/**
 * A text field with a limit on its length, in place of the `maxLength` attribute: what is typed or
 * pasted stays whole; its count («620/200») shows from 80% of the limit (always with `counted`),
 * and over the limit the field is marked wrong (aria-invalid) with how much was written. `error`
 * is the form's own problem with it (missing, or the API's answer), shown first; else `hint`.
 * The form's check refuses the text too (`tooLong`, `tooLongFields`): the field only shows it.
 */
export function LimitedTextField({
  value,
  limit,
  error,
  hint,
  counted = false,
  ...field
}: Omit<TextFieldProps, 'value' | 'error' | 'helperText'> & {
  value: string;
  limit: number;
  error?: string | null;
  hint?: ReactNode;
  counted?: boolean;
}) {
  const over = tooLong(value, limit);
  const message = error || over || hint;
  const count = counted || over || value.length >= limit * 0.8 ? `${value.length}/${limit}` : null;
  return (
    <TextField
      {...field}
      value={value}
      error={Boolean(error || over)}
      helperText={
        message || count ? (
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{message}</span>
            {count && (
              <Box component="span" data-testid="text-count" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {count}
              </Box>
            )}
          </Box>
        ) : undefined
      }
    />
  );
}

/** The API's limits (docs/api-catalogue.md), checked before a useless 5 MB round trip. */
const maxUploadBytes = 5 * 1024 * 1024;
export const imageTypes = 'image/jpeg,image/png,image/webp';

function uploadProblem(file: File, accept: string): string | null {
  if (!accept.split(',').includes(file.type)) return `«${file.name}»: formato non ammesso.`;
  if (file.size > maxUploadBytes) return `«${file.name}» supera i 5 MB.`;
  return null;
}

/** A button that uploads the chosen files one by one and hands over their URLs. */
export function UploadButton({
  label,
  accept,
  multiple = false,
  onUploaded,
  disabled = false,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  onUploaded: (urls: string[]) => void;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file chosen again must fire a change next time.
    event.target.value = '';
    if (!files.length) return;
    setBusy(true);
    const urls: string[] = [];
    for (const file of files) {
      const problem = uploadProblem(file, accept);
      if (problem) {
        toast({ title: 'File non caricato', description: problem, variant: 'destructive' });
        continue;
      }
      try {
        urls.push((await uploadFile(file)).url);
      } catch (error) {
        toast({ title: 'File non caricato', description: errorText(error, `Non è stato possibile caricare «${file.name}».`), variant: 'destructive' });
      }
    }
    setBusy(false);
    if (urls.length) onUploaded(urls);
  };
  return (
    <Button component="label" variant="outlined" startIcon={<CloudUploadIcon />} disabled={busy || disabled} sx={{ alignSelf: 'start', justifySelf: 'start' }}>
      {busy ? 'Caricamento...' : label}
      <input hidden type="file" accept={accept} multiple={multiple} onChange={choose} />
    </Button>
  );
}

/** The most images the API keeps for a product or a shop's page. */
const maxImages = 10;

/** Uploads more images onto a list, up to the most the API keeps (then it is disabled); those beyond it are said left out. */
export function AddImagesButton({ label, images, onChange }: { label: string; images: string[]; onChange: (images: string[]) => void }) {
  return (
    <UploadButton
      label={label}
      accept={imageTypes}
      multiple
      disabled={images.length >= maxImages}
      onUploaded={(urls) => {
        const room = Math.max(0, maxImages - images.length);
        if (urls.length > room) {
          const left = urls.length - room;
          toast({
            title: left === 1 ? 'Un’immagine non aggiunta' : `${left} immagini non aggiunte`,
            description: `Al massimo ${maxImages} immagini: togline qualcuna per aggiungerne altre.`,
            variant: 'destructive',
          });
        }
        onChange([...images, ...urls.slice(0, room)]);
      }}
    />
  );
}

/**
 * Thumbnails of uploaded images, each removable; with `onDefaultChange`, a star picks the one
 * shown first.
 */
export function ImageList({
  images,
  onChange,
  defaultIndex,
  onDefaultChange,
  alt,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  defaultIndex?: number;
  onDefaultChange?: (index: number) => void;
  alt: string;
}) {
  if (!images.length) return null;
  const remove = (index: number) => {
    onChange(images.filter((_, i) => i !== index));
    // The default keeps pointing at the same image, or falls back to the first.
    if (onDefaultChange && defaultIndex !== undefined) onDefaultChange(index === defaultIndex ? 0 : defaultIndex > index ? defaultIndex - 1 : defaultIndex);
  };
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))' }}>
      {images.map((url, i) => {
        const isDefault = onDefaultChange && i === defaultIndex;
        return (
          <Box
            component="li"
            key={url}
            sx={{
              position: 'relative',
              borderRadius: 2,
              overflow: 'hidden',
              border: 2,
              borderColor: isDefault ? 'secondary.main' : 'divider',
              aspectRatio: '1',
              bgcolor: 'grey.100',
            }}
          >
            <Box component="img" src={url} alt={`${alt} ${i + 1}`} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            <Box sx={{ position: 'absolute', top: 4, right: 4, left: 4, display: 'flex', justifyContent: 'space-between' }}>
              {onDefaultChange ? (
                <Tooltip title={isDefault ? 'Immagine principale' : 'Usa come principale'}>
                  <IconButton
                    size="small"
                    aria-label={isDefault ? `Immagine ${i + 1}: principale` : `Usa l'immagine ${i + 1} come principale`}
                    aria-pressed={isDefault}
                    onClick={() => onDefaultChange(i)}
                    sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                  >
                    {isDefault ? <StarIcon fontSize="small" color="secondary" /> : <StarBorderIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
              ) : (
                <span />
              )}
              <Tooltip title="Rimuovi">
                <IconButton
                  size="small"
                  aria-label={`Rimuovi l'immagine ${i + 1}`}
                  onClick={() => remove(i)}
                  sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
