import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast/toast-store';
import { ApiError, errorText } from '../../../lib/client';
import { useCreateProduct, useUpdateProduct, type Product } from '../api';
import { known, productFields, type ProductFormValues } from './product-form-values';

/**
 * The form's submit: the product created or saved (its stock changes elsewhere), then back to
 * `backTo`; the API's refusals shown on their fields, and its message above the form.
 */
export function useSaveProduct(form: UseFormReturn<ProductFormValues>, product: Product | null, backTo: string) {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError } = form;
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
  return { save, formError };
}
