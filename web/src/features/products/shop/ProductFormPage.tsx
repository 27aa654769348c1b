import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/client';
import { useProduct, type Product } from '../api';
import { useMyStore } from '../../stores/api';
import { FullPageSpinner } from '../../../app/guards';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { NoStoreYet } from '../../stores/shop/NoStoreYet';
import { BarcodeSection } from './BarcodeSection';
import { ProductDetailsSection } from './ProductDetailsSection';
import { ProductFileSections } from './ProductFileSections';
import { PublicationSection } from './PublicationSection';
import { blankProduct, productSchema, productValues, type ProductFormValues } from './product-form-values';
import { useSaveProduct } from './useSaveProduct';

/**
 * A product's form, new or to edit; once saved, back to `backTo` (the shop's list, or the session
 * of a collaborator working for the shop). `ai`: the AI functions' buttons; `comparison`: the price
 * against the shops around (the shop's own plan). Its sections are in this folder, one file each.
 */
export function ProductForm({
  product,
  backTo = '/shopkeeper/products',
  ai = true,
  comparison = true,
}: {
  product: Product | null;
  backTo?: string;
  ai?: boolean;
  comparison?: boolean;
}) {
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productSchema),
    defaultValues: product ? productValues(product) : blankProduct,
  });
  const { save, formError } = useSaveProduct(form, product, backTo);
  const { isSubmitting } = form.formState;

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={product ? 'Modifica prodotto' : 'Nuovo prodotto'}>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          <BarcodeSection form={form} />
          <ProductDetailsSection form={form} product={product} backTo={backTo} ai={ai} comparison={comparison} />
          <ProductFileSections form={form} />
        </Box>

        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0, position: { md: 'sticky' }, top: { md: 88 } }}>
          <PublicationSection control={form.control} />
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button component={Link} to={backTo} color="inherit">
              Annulla
            </Button>
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={isSubmitting}>
              {isSubmitting ? 'Caricamento...' : product ? 'Salva le modifiche' : 'Crea il prodotto'}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

const backLink = (
  <Button component={Link} to="/shopkeeper/products" startIcon={<ArrowBackIcon />} color="inherit">
    Prodotti
  </Button>
);

/** /shopkeeper/products/new and /shopkeeper/products/:id/edit. */
export default function ProductFormPage() {
  const { id } = useParams<{ id: string }>();
  const { data: store, isLoading: storeLoading } = useMyStore();
  const { data: product, isLoading: productLoading, error } = useProduct(id);
  const title = id ? 'Modifica prodotto' : 'Nuovo prodotto';

  if (storeLoading || productLoading) return <FullPageSpinner />;
  if (!store) {
    return <NoStoreYet title={title}>Per aggiungere prodotti serve prima il tuo negozio.</NoStoreYet>;
  }
  if (id && (!product || product.storeId !== store.id)) {
    // Not found, not ours, or a read that failed for another reason (then trying again may help).
    const unreadable = !product && !(error instanceof ApiError && (error.status === 404 || error.status === 403));
    return (
      <>
        <DashboardHeader title={title} aside={backLink} />
        <Alert severity={unreadable ? 'error' : 'warning'}>
          {unreadable ? 'Non è stato possibile leggere il prodotto: riprova tra poco.' : 'Questo prodotto non esiste o non fa parte del tuo negozio.'}
        </Alert>
      </>
    );
  }
  return (
    <>
      <DashboardHeader title={title} subtitle={product?.name} aside={backLink} />
      {/* A new key starts a fresh form when the page moves from one product to another. */}
      <ProductForm key={product?.id ?? 'new'} product={product ?? null} />
    </>
  );
}
