import { Box, FormControl, InputAdornment, InputLabel, Link as MuiLink, MenuItem, Select, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormSection } from '../../../components/form-kit';
import { amountText, parseDecimal } from '../../../lib/money';
import { AiButton } from '../../ai/AiButton';
import { useComparisonFigures, type AiAnswer } from '../../ai/api';
import { ShopComparison } from '../../price-comparison/ShopComparison';
import { useCategories } from '../../stores/api';
import type { Product } from '../api';
import type { ProductFormValues } from './product-form-values';
import { TextInput } from './ProductTextInput';

/**
 * The product itself: name, description, price, stock, category, code; with the AI functions'
 * buttons (`ai`) and the price against the shops around (`comparison`).
 */
export function ProductDetailsSection({
  form,
  product,
  backTo,
  ai,
  comparison,
}: {
  form: UseFormReturn<ProductFormValues>;
  product: Product | null;
  backTo: string;
  ai: boolean;
  comparison: boolean;
}) {
  const { control, getValues, setValue } = form;
  const { data: categories = [] } = useCategories();
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
    return named()
      ? { name: v.name.trim(), description: v.description.trim().slice(0, 4000) || undefined, categories: categories.map((c) => c.name).slice(0, 100), productId: product?.id }
      : null;
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

  return (
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
      {ai && (
        <AiButton
          functionName="product-description"
          label="Scrivi con l’AI"
          input={descriptionInput}
          missing="Scrivi prima il nome del prodotto; quello che c’è nella descrizione vale come appunti per l’AI."
          onAnswer={(answer) => setValue('description', answer.text, fill)}
        />
      )}
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
            helperText={
              <>
                Cambia la quantità con «Aggiorna magazzino» dall'
                <MuiLink component={Link} to={backTo}>
                  elenco dei prodotti
                </MuiLink>
                .
              </>
            }
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
                <MenuItem value="">
                  <em>Nessuna</em>
                </MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c.slug} value={c.slug}>
                    {c.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
        />
        <TextInput name="sku" control={control} label="Codice articolo (SKU)" helperText="Il tuo codice interno, se lo usi." />
      </Box>
      {ai && (
        <AiButton
          functionName="product-category"
          label="Suggerisci categoria ed etichette"
          input={categoryInput}
          missing="Scrivi prima il nome del prodotto."
          onAnswer={takeCategory}
        />
      )}
      {suggested.tags?.length ? (
        <Typography variant="body2" color="text.secondary" role="status">
          Etichette suggerite: {suggested.tags.join(', ')}
        </Typography>
      ) : null}
      {ai && (
        <AiButton
          functionName="price-suggestion"
          label="Suggerisci il prezzo"
          input={priceInput}
          missing={
            figures
              ? 'Scrivi prima il nome e il prezzo attuale.'
              : 'Il suggerimento parte dal confronto con i negozi vicini: serve un prodotto salvato con il codice a barre, venduto anche da altri negozi, e un piano con il confronto prezzi.'
          }
          onAnswer={takePrice}
        />
      )}
      {suggested.priceReason && (
        <Typography variant="body2" color="text.secondary" role="status">
          {suggested.priceReason}
        </Typography>
      )}
      {product && comparison && <PriceAround product={product} />}
    </FormSection>
  );
}

/** The saved price against the shops around (a product of the shared catalogue), or how to get there. */
function PriceAround({ product }: { product: Product }) {
  if (!product.globalProductId) {
    return (
      <Typography variant="body2" color="text.secondary">
        Con il codice a barre confronti il tuo prezzo con quello dei negozi vicini.
      </Typography>
    );
  }
  return <ShopComparison productId={product.id} />;
}
