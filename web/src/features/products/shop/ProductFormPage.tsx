import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, IconButton, InputAdornment, InputLabel, Link as MuiLink, MenuItem, Select, Switch, TextField, Tooltip, Typography,
  type TextFieldProps,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ApiError, errorText } from '../../../lib/client';
import {
  productStatusLabels, useCreateProduct, useGlobalProductByBarcode, useProduct, useUpdateProduct, type GlobalProduct, type Product, type ProductFields, type ProductStatus,
} from '../api';
import { useCategories, useMyStore } from '../../stores/api';
import { FullPageSpinner } from '../../../app/guards';
import { toast } from '../../../components/toast/toast-store';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { AddImagesButton, FormSection, ImageList, UploadButton } from '../../../components/form-kit';
import { ShopComparison } from '../../price-comparison/ShopComparison';
import { amountField, amountText, parseDecimal } from '../../../lib/money';
import { NoStoreYet } from '../../stores/shop/NoStoreYet';
import { AiButton } from '../../ai/AiButton';
import { useComparisonFigures, type AiAnswer } from '../../ai/api';

const barcodePattern = /^[0-9A-Za-z-]{4,32}$/;

/** The form's rules mirror the API's (src/http/schemas/product.ts), in words for the shopkeeper. */
const productSchema = z.object({
  name: z.string().trim().min(1, 'Scrivi il nome del prodotto.').min(2, 'Il nome deve avere almeno 2 caratteri.').max(150, 'Il nome può avere al massimo 150 caratteri.'),
  description: z.string().max(5000, 'La descrizione può avere al massimo 5000 caratteri.'),
  price: amountField({ required: true, label: 'Prezzo', max: 1_000_000 }),
  stockQuantity: z.string().trim().regex(/^\d+$/, 'Scrivi quanti pezzi hai: un numero intero, anche 0.'),
  category: z.string(),
  sku: z.string().trim().max(60, 'Il codice articolo può avere al massimo 60 caratteri.'),
  barcode: z.string().trim().refine((s) => s === '' || barcodePattern.test(s), 'Codice a barre non valido: da 4 a 32 cifre o lettere.'),
  images: z.array(z.string()).max(10, 'Al massimo 10 immagini.'),
  defaultImageIndex: z.number().int().min(0),
  pdfUrl: z.string().nullable(),
  status: z.enum(['active', 'inactive', 'pending']),
  featured: z.boolean(),
  onSale: z.boolean(),
});
type ProductFormValues = z.infer<typeof productSchema>;

const blankProduct: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  stockQuantity: '0',
  category: '',
  sku: '',
  barcode: '',
  images: [],
  defaultImageIndex: 0,
  pdfUrl: null,
  status: 'active',
  featured: false,
  onSale: false,
};

function productValues(p: Product): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    price: amountText(p.price),
    stockQuantity: String(p.stockQuantity),
    category: p.category ?? '',
    sku: p.sku ?? '',
    barcode: p.barcode ?? '',
    images: p.images,
    defaultImageIndex: p.defaultImageIndex,
    pdfUrl: p.pdfUrl,
    status: p.status,
    featured: p.featured,
    onSale: p.onSale,
  };
}

function productFields(v: ProductFormValues): ProductFields {
  const defaultImageIndex = v.images[v.defaultImageIndex] ? v.defaultImageIndex : 0;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: parseDecimal(v.price),
    stockQuantity: Number(v.stockQuantity),
    imageUrl: v.images[defaultImageIndex] ?? null,
    images: v.images,
    defaultImageIndex,
    pdfUrl: v.pdfUrl,
    category: v.category || null,
    sku: v.sku.trim() || null,
    barcode: v.barcode.trim() || null,
    status: v.status,
    featured: v.featured,
    onSale: v.onSale,
  };
}

const statusHints: Record<ProductStatus, string> = {
  active: 'Visibile ai clienti e acquistabile.',
  inactive: 'Nascosto ai clienti: resta nel tuo catalogo.',
  pending: 'In preparazione: non ancora visibile ai clienti.',
};

const known = new Set<string>(Object.keys(blankProduct));

/** The shared catalogue's answer for the code looked up, as a message under the barcode. */
function LookupResult({ code, found, failed }: { code: string; found: GlobalProduct | null | undefined; failed: boolean }) {
  if (failed) return <Alert severity="error">Non è stato possibile consultare il catalogo condiviso: riprova tra poco.</Alert>;
  if (found === undefined) return <Typography color="text.secondary" role="status">Ricerca di {code} nel catalogo condiviso...</Typography>;
  if (found === null) return <Alert severity="info" role="status">Nuovo codice: verrà aggiunto al catalogo condiviso.</Alert>;
  return (
    <Alert severity="success" role="status">
      Prodotto trovato nel catalogo condiviso: usato da {found.storeCount} {found.storeCount === 1 ? 'negozio' : 'negozi'}. Abbiamo compilato i campi
      ancora vuoti con i suoi dati.
    </Alert>
  );
}

type TextName = 'name' | 'description' | 'price' | 'stockQuantity' | 'sku' | 'barcode';

/**
 * A controlled text field: the shared catalogue fills fields from code, and MUI floats the label
 * of a field that got its text that way only when it is told the value.
 */
function TextInput({ name, control, helperText, onBlur, ...props }: { name: TextName; control: Control<ProductFormValues> } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          onBlur={(e) => {
            field.onBlur();
            onBlur?.(e);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/**
 * A product's form, new or to edit; once saved, back to `backTo` (the shop's list, or the session
 * of a collaborator working for the shop). `ai`: the AI functions' buttons; `comparison`: the price
 * against the shops around (the shop's own plan).
 */
export function ProductForm({ product, backTo = '/shopkeeper/products', ai = true, comparison = true }: { product: Product | null; backTo?: string; ai?: boolean; comparison?: boolean }) {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const { data: categories = [] } = useCategories();
  const [formError, setFormError] = useState<string | null>(null);
  const [lookupCode, setLookupCode] = useState<string | null>(null);
  const lookup = useGlobalProductByBarcode(lookupCode);
  const { control, handleSubmit, setValue, getValues, setError, formState: { isSubmitting } } = useForm<ProductFormValues>({
    resolver: zodResolver(productSchema),
    defaultValues: product ? productValues(product) : blankProduct,
  });
  const [pdfUrl, defaultImageIndex] = useWatch({ control, name: ['pdfUrl', 'defaultImageIndex'] });
  const { data: figures } = useComparisonFigures(comparison ? product?.id : undefined);
  const [suggested, setSuggested] = useState<{ tags?: string[]; priceReason?: string }>({});
  const fill = { shouldDirty: true, shouldValidate: true };
  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name;

  // What the AI functions are given, read at the click: the name first, the rest as notes.
  const named = () => getValues('name').trim() || null;
  const descriptionInput = () => {
    const v = getValues();
    return named() ? { name: v.name.trim(), category: categoryName(v.category), notes: v.description.trim().slice(0, 2000) || undefined, productId: product?.id } : null;
  };
  const categoryInput = () => {
    const v = getValues();
    return named() ? { name: v.name.trim(), description: v.description.trim().slice(0, 4000) || undefined, categories: categories.map((c) => c.name).slice(0, 100), productId: product?.id } : null;
  };
  const priceInput = () => {
    const price = parseDecimal(getValues('price'));
    return named() && figures && price > 0 ? { productName: getValues('name').trim(), currentPrice: price, comparison: figures, productId: product?.id } : null;
  };
  const takeCategory = (answer: AiAnswer) => {
    const match = categories.find((c) => c.name.toLowerCase() === answer.category?.toLowerCase());
    if (match) setValue('category', match.slug, fill);
    setSuggested((s) => ({ ...s, tags: answer.tags }));
  };
  const takePrice = (answer: AiAnswer) => {
    if (answer.suggestedPrice && answer.suggestedPrice > 0) setValue('price', amountText(answer.suggestedPrice), fill);
    setSuggested((s) => ({ ...s, priceReason: answer.text }));
  };

  // A product found in the shared catalogue fills what the shopkeeper has not written yet.
  const found = lookup.data;
  useEffect(() => {
    if (!found) return;
    const v = getValues();
    const fill = { shouldDirty: true, shouldValidate: true };
    if (!v.name.trim()) setValue('name', found.name, fill);
    if (!v.description.trim() && found.description) setValue('description', found.description, fill);
    if (!v.price.trim() && found.basePrice) setValue('price', amountText(found.basePrice), fill);
    if (!v.category && found.category) setValue('category', found.category, fill);
    if (!v.sku.trim() && found.sku) setValue('sku', found.sku, fill);
    const images = found.images.length ? found.images : found.imageUrl ? [found.imageUrl] : [];
    if (!v.images.length && images.length) setValue('images', images.slice(0, 10), fill);
  }, [found, getValues, setValue]);

  const searchCatalogue = () => {
    const code = getValues('barcode').trim();
    if (!barcodePattern.test(code)) {
      setError('barcode', { message: 'Scrivi il codice a barre (da 4 a 32 cifre o lettere) e poi cerca.' });
      return;
    }
    setLookupCode(code);
  };

  const save = handleSubmit(async (values) => {
    setFormError(null);
    const fields = productFields(values);
    try {
      if (product) {
        const { stockQuantity: _stock, ...changes } = fields;
        await updateProduct.mutateAsync({ id: product.id, changes });
        toast({ title: 'Prodotto salvato', description: fields.name, variant: 'success' });
      } else {
        await createProduct.mutateAsync(fields);
        toast({ title: 'Prodotto creato', description: fields.name, variant: 'success' });
      }
      void navigate(backTo);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const field = key === 'imageUrl' ? 'images' : key.split('.')[0]!;
          if (known.has(field)) setError(field as FieldPath<ProductFormValues>, { message });
        }
      }
      setFormError(errorText(error, 'Non è stato possibile salvare il prodotto: riprova tra poco.'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={product ? 'Modifica prodotto' : 'Nuovo prodotto'}>
      {formError && <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>{formError}</Alert>}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          <FormSection title="Codice a barre" description="Con il codice a barre cerchi il prodotto nel catalogo condiviso dei negozi Vicino: se c'è, i dati si compilano da soli.">
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
              <TextInput
                name="barcode"
                control={control}
                label="Codice a barre (EAN)"
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
              <Button variant="outlined" startIcon={<SearchIcon />} onClick={searchCatalogue} sx={{ minHeight: 56 }}>
                Cerca nel catalogo condiviso
              </Button>
            </Box>
            {lookupCode && <LookupResult code={lookupCode} found={lookup.data} failed={lookup.isError} />}
          </FormSection>

          <FormSection title="Prodotto">
            <TextInput name="name" control={control} label="Nome" required />
            <TextInput
              name="description"
              control={control}
              label="Descrizione"
              multiline
              minRows={4}
              helperText="Formato, ingredienti o materiali, provenienza: quello che chiederebbe un cliente al banco."
            />
            {ai && <AiButton
              functionName="product-description"
              label="Scrivi con l’AI"
              input={descriptionInput}
              missing="Scrivi prima il nome del prodotto; quello che c’è nella descrizione vale come appunti per l’AI."
              onAnswer={(answer) => setValue('description', answer.text, fill)}
            />}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput
                name="price"
                control={control}
                label="Prezzo"
                required
                // Shown back the Italian way once typed: "3.5" becomes "3,50".
                onBlur={(e) => {
                  const n = parseDecimal(e.target.value);
                  if (n > 0) setValue('price', amountText(n), { shouldValidate: true });
                }}
                helperText="Ad esempio 12,50"
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
              />
              {product ? (
                <TextField
                  label="In magazzino"
                  value={`${product.stockQuantity} ${product.stockQuantity === 1 ? 'pezzo' : 'pezzi'}`}
                  disabled
                  helperText={<>Cambia la quantità con «Aggiorna magazzino» dall'<MuiLink component={Link} to={backTo}>elenco dei prodotti</MuiLink>.</>}
                />
              ) : (
                <TextInput
                  name="stockQuantity"
                  control={control}
                  label="Quantità in magazzino"
                  required
                  helperText="Poi la cambi con «Aggiorna magazzino»."
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Controller
                name="category"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <InputLabel id="product-category">Categoria</InputLabel>
                    <Select labelId="product-category" label="Categoria" {...field}>
                      <MenuItem value=""><em>Nessuna</em></MenuItem>
                      {categories.map((c) => <MenuItem key={c.slug} value={c.slug}>{c.name}</MenuItem>)}
                    </Select>
                  </FormControl>
                )}
              />
              <TextInput name="sku" control={control} label="Codice articolo (SKU)" helperText="Il tuo codice interno, se lo usi." />
            </Box>
            {ai && <AiButton functionName="product-category" label="Suggerisci categoria ed etichette" input={categoryInput} missing="Scrivi prima il nome del prodotto." onAnswer={takeCategory} />}
            {suggested.tags?.length ? (
              <Typography variant="body2" color="text.secondary" role="status">Etichette suggerite: {suggested.tags.join(', ')}</Typography>
            ) : null}
            {ai && <AiButton
              functionName="price-suggestion"
              label="Suggerisci il prezzo"
              input={priceInput}
              missing={
                figures
                  ? 'Scrivi prima il nome e il prezzo attuale.'
                  : 'Il suggerimento parte dal confronto con i negozi vicini: serve un prodotto salvato con il codice a barre, venduto anche da altri negozi, e un piano con il confronto prezzi.'
              }
              onAnswer={takePrice}
            />}
            {suggested.priceReason && <Typography variant="body2" color="text.secondary" role="status">{suggested.priceReason}</Typography>}
            {product && comparison && <PriceAround product={product} />}
          </FormSection>

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
        </Box>

        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0, position: { md: 'sticky' }, top: { md: 88 } }}>
          <FormSection title="Pubblicazione">
            <Controller
              name="status"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <InputLabel id="product-status">Stato</InputLabel>
                  <Select labelId="product-status" label="Stato" {...field}>
                    {(Object.keys(productStatusLabels) as ProductStatus[]).map((s) => <MenuItem key={s} value={s}>{productStatusLabels[s]}</MenuItem>)}
                  </Select>
                  <FormHelperText>{statusHints[field.value]}</FormHelperText>
                </FormControl>
              )}
            />
            <Controller
              name="featured"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
                  label={<Box><Typography>In evidenza</Typography><Typography variant="body2" color="text.secondary">Compare per primo nella pagina del negozio.</Typography></Box>}
                />
              )}
            />
            <Controller
              name="onSale"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} sx={{ mt: -0.5 }} />}
                  label={<Box><Typography>In offerta</Typography><Typography variant="body2" color="text.secondary">Porta l'etichetta «In offerta».</Typography></Box>}
                />
              )}
            />
          </FormSection>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button component={Link} to={backTo} color="inherit">Annulla</Button>
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
  <Button component={Link} to="/shopkeeper/products" startIcon={<ArrowBackIcon />} color="inherit">Prodotti</Button>
);

/** The saved price against the shops around (a product of the shared catalogue), or how to get there. */
function PriceAround({ product }: { product: Product }) {
  if (!product.globalProductId) {
    return <Typography variant="body2" color="text.secondary">Con il codice a barre confronti il tuo prezzo con quello dei negozi vicini.</Typography>;
  }
  return <ShopComparison productId={product.id} />;
}

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
