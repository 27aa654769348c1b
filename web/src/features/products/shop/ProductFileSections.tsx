import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, FormHelperText, IconButton, Link as MuiLink, Tooltip } from '@mui/material';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { AddImagesButton, FormSection, ImageList, UploadButton } from '../../../components/form-kit';
import type { ProductFormValues } from './product-form-values';

/** The product's images (the star picks the main one) and its PDF data sheet. */
export function ProductFileSections({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { control, setValue } = form;
  const [pdfUrl, defaultImageIndex] = useWatch({ control, name: ['pdfUrl', 'defaultImageIndex'] });
  return (
    <>
      <FormSection title="Immagini" description="Fino a 10 immagini, JPEG, PNG o WebP fino a 5 MB. La stella sceglie quella principale.">
        <Controller
          name="images"
          control={control}
          render={({ field, fieldState }) => (
            <>
              <ImageList
                images={field.value}
                onChange={field.onChange}
                defaultIndex={defaultImageIndex}
                onDefaultChange={(i) => setValue('defaultImageIndex', i, { shouldDirty: true })}
                alt="Immagine del prodotto"
              />
              <AddImagesButton label="Aggiungi immagini" images={field.value} onChange={field.onChange} />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </>
          )}
        />
      </FormSection>

      <FormSection title="Scheda tecnica" description="Un PDF con istruzioni, etichetta o dati tecnici, fino a 5 MB.">
        {pdfUrl ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
            <PictureAsPdfIcon color="error" />
            <MuiLink href={pdfUrl} target="_blank" rel="noopener noreferrer" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              Apri la scheda tecnica
            </MuiLink>
            <Tooltip title="Togli la scheda">
              <IconButton aria-label="Togli la scheda tecnica" onClick={() => setValue('pdfUrl', null, { shouldDirty: true })}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ) : null}
        <UploadButton
          label={pdfUrl ? 'Sostituisci il PDF' : 'Carica il PDF'}
          accept="application/pdf"
          onUploaded={([url]) => setValue('pdfUrl', url ?? null, { shouldDirty: true })}
        />
      </FormSection>
    </>
  );
}
