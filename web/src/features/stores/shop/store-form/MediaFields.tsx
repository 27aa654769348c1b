import { Box, FormHelperText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { AddImagesButton, ImageList, imageTypes, UploadButton } from '../../../../components/form-kit';
import type { StoreFormValues } from './schema';

/** The shop's logo in a square frame of `size` pixels, or what stands for it (`children`) while it has none. */
export function LogoFrame({ size, logo, alt, children }: { size: number; logo: string | null | undefined; alt: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'grey.100',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {logo ? <Box component="img" src={logo} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} /> : children}
    </Box>
  );
}

/** The logo: one image, replaced by a new upload. */
export function LogoField() {
  const { control } = useFormContext<StoreFormValues>();
  return (
    <Controller
      name="logo"
      control={control}
      render={({ field }) => (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>Logo</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <LogoFrame size={96} logo={field.value} alt="Logo del negozio">
              <Typography variant="body2" color="text.secondary">
                Nessun logo
              </Typography>
            </LogoFrame>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <UploadButton label={field.value ? 'Cambia il logo' : 'Carica il logo'} accept={imageTypes} onUploaded={([url]) => field.onChange(url)} />
              {field.value && (
                <Typography
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => field.onChange(null)}
                  sx={{ border: 0, bgcolor: 'transparent', p: 0, color: 'error.main', cursor: 'pointer', textAlign: 'left', textDecoration: 'underline' }}
                >
                  Togli il logo
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                JPEG, PNG o WebP, fino a 5 MB.
              </Typography>
            </Box>
          </Box>
        </Box>
      )}
    />
  );
}

/** Photos of the shop for its page, at most ten. */
export function PhotosField() {
  const { control } = useFormContext<StoreFormValues>();
  return (
    <Controller
      name="images"
      control={control}
      render={({ field, fieldState }) => (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>Foto del negozio</Typography>
          <ImageList images={field.value} onChange={field.onChange} alt="Foto del negozio" />
          <AddImagesButton label="Aggiungi foto" images={field.value} onChange={field.onChange} />
          <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? 'La vetrina, gli scaffali, il banco: fino a 10 foto.'}</FormHelperText>
        </Box>
      )}
    />
  );
}
