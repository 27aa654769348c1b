import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type ChipProps,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { errorText } from '../../../lib/client';
import { productStatusLabels, useAdjustStock, useDeleteProduct, useStoreProducts, type Product, type ProductStatus } from '../api';
import { useMyStore } from '../../stores/api';
import { FullPageSpinner } from '../../../app/guards';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../components/toast/toast-store';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { ListSearch } from '../../../components/ListSearch';
import { FormDialog } from '../../../components/FormDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NoStoreYet } from '../../stores/shop/NoStoreYet';
import { useSentForm } from '../../../components/form-kit';
import { usePriceComparison } from '../../price-comparison/api';
import { ComparisonPlanHint, ShopComparison } from '../../price-comparison/ShopComparison';
import { plural } from '@platform/domain/format';
import { useSiteName } from '../../site-settings/api';

const statusColors: Record<ProductStatus, ChipProps['color']> = { active: 'success', inactive: 'default', pending: 'warning' };

function ProductStatusChip({ status }: { status: ProductStatus }) {
  return <Chip size="small" label={productStatusLabels[status]} color={statusColors[status]} />;
}

/** A few pieces left is worth a glance before the shelf is empty. */
const lowStock = 3;

function StockText({ quantity }: { quantity: number }) {
  if (quantity === 0)
    return (
      <Typography component="span" color="error" sx={{ fontWeight: 700 }}>
        Esaurito
      </Typography>
    );
  return (
    <Typography component="span" sx={{ fontWeight: 600, color: quantity <= lowStock ? 'warning.dark' : 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
      {quantity} {quantity === 1 ? 'pezzo' : 'pezzi'}
    </Typography>
  );
}

const mainImage = (p: Product) => p.imageUrl ?? p.images[p.defaultImageIndex] ?? p.images[0] ?? null;

function Thumbnail({ product, size }: { product: Product; size: number }) {
  const url = mainImage(product);
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
      }}
    >
      {url ? (
        <Box component="img" src={url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <ImageNotSupportedOutlinedIcon color="disabled" />
      )}
    </Box>
  );
}

function Highlights({ product }: { product: Product }) {
  if (!product.featured && !product.onSale) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
      {product.featured && <Chip size="small" variant="outlined" color="secondary" label="In evidenza" />}
      {product.onSale && <Chip size="small" variant="outlined" color="error" label="In offerta" />}
    </Stack>
  );
}

type Action = { kind: 'stock' | 'delete'; product: Product };

/** Where a product is edited: the shop's own form, or the session's of a collaborator working for the shop. */
type EditPathOf = (product: Product) => string;
const shopEditPath: EditPathOf = (p) => `/shopkeeper/products/${p.id}/edit`;

function RowActions({ product, onAction, editPathOf }: { product: Product; onAction: (a: Action) => void; editPathOf: EditPathOf }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Modifica">
        <IconButton component={Link} to={editPathOf(product)} aria-label={`Modifica ${product.name}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Aggiorna magazzino">
        <IconButton onClick={() => onAction({ kind: 'stock', product })} aria-label={`Aggiorna il magazzino di ${product.name}`}>
          <Inventory2Icon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Elimina">
        <IconButton onClick={() => onAction({ kind: 'delete', product })} aria-label={`Elimina ${product.name}`} color="error">
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Each product of the shared catalogue's place among the shops around, when the plan includes it. */
function Comparison({ product, comparing }: { product: Product; comparing: boolean }) {
  if (!comparing || !product.globalProductId) return null;
  return (
    <Box sx={{ mt: 0.75 }}>
      <ShopComparison productId={product.id} />
    </Box>
  );
}

function ProductTable({ products, onAction, comparing, editPathOf }: { products: Product[]; onAction: (a: Action) => void; comparing: boolean; editPathOf: EditPathOf }) {
  return (
    <TableContainer component={Card}>
      <Table aria-label="Prodotti del negozio">
        <TableHead>
          <TableRow>
            <TableCell>Prodotto</TableCell>
            <TableCell align="right">Prezzo</TableCell>
            <TableCell align="right">Magazzino</TableCell>
            <TableCell>Stato</TableCell>
            <TableCell align="right">Azioni</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} hover>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', maxWidth: 440 }}>
                  <Thumbnail product={p} size={48} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
                    {(p.sku || p.barcode) && (
                      <Typography variant="body2" color="text.secondary">
                        {[p.sku && `Cod. ${p.sku}`, p.barcode && `EAN ${p.barcode}`].filter(Boolean).join(' · ')}
                      </Typography>
                    )}
                    <Highlights product={p} />
                    <Comparison product={p} comparing={comparing} />
                  </Box>
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatMoney(p.price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <StockText quantity={p.stockQuantity} />
              </TableCell>
              <TableCell>
                <ProductStatusChip status={p.status} />
              </TableCell>
              <TableCell align="right">
                <RowActions product={p} onAction={onAction} editPathOf={editPathOf} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** At phone width a table would overflow: one card per product instead. */
function ProductCards({ products, onAction, comparing, editPathOf }: { products: Product[]; onAction: (a: Action) => void; comparing: boolean; editPathOf: EditPathOf }) {
  return (
    <Box component="ul" aria-label="Prodotti del negozio" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {products.map((p) => (
        <Card component="li" key={p.id}>
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1 } }}>
            <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
              <Thumbnail product={p} size={64} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700 }}>{formatMoney(p.price)}</Typography>
                  <StockText quantity={p.stockQuantity} />
                </Box>
                <Highlights product={p} />
                <Comparison product={p} comparing={comparing} />
              </Box>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
              <ProductStatusChip status={p.status} />
              <RowActions product={p} onAction={onAction} editPathOf={editPathOf} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

const stockSchema = z.object({
  delta: z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, 'Scrivi un numero intero: positivo se aggiungi, negativo se togli.')
    .refine((s) => Number(s) !== 0, 'La variazione non può essere zero.'),
  reason: z.string().trim().min(1, 'Il motivo è obbligatorio.').max(300, 'Il motivo può avere al massimo 300 caratteri.'),
});
type StockValues = z.infer<typeof stockSchema>;

const reasons = ['Arrivo merce', 'Venduto in negozio', 'Merce danneggiata', 'Inventario'];

/** Stock moves by a signed amount with a reason, so each change is on the record. */
function StockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const adjust = useAdjustStock();
  const { sent, field, formError, formState, control, setValue, setError } = useSentForm<StockValues>(
    { resolver: zodResolver(stockSchema), defaultValues: { delta: '', reason: '' } },
    'Non è stato possibile aggiornare il magazzino: riprova tra poco.',
  );
  const delta = useWatch({ control, name: 'delta' });
  const after = /^[+-]?\d+$/.test(delta.trim()) ? product.stockQuantity + Number(delta) : null;

  const submit = sent(async ({ delta: d, reason }) => {
    if (product.stockQuantity + Number(d) < 0) {
      setError('delta', { message: `Puoi togliere al massimo ${plural(product.stockQuantity, 'pezzo', 'pezzi')}.` });
      return;
    }
    await adjust.mutateAsync({ id: product.id, delta: Number(d), reason: reason.trim() });
    toast({
      title: 'Magazzino aggiornato',
      description: `${product.name}: ${plural(product.stockQuantity + Number(d), 'pezzo disponibile', 'pezzi disponibili')}.`,
      variant: 'success',
    });
    onClose();
  });

  return (
    <FormDialog
      id="stock-title"
      title="Aggiorna magazzino"
      text={
        <>
          <strong>{product.name}</strong>: ora {product.stockQuantity} {product.stockQuantity === 1 ? 'pezzo' : 'pezzi'}
          {after !== null && after >= 0 && after !== product.stockQuantity && <>, dopo {after}</>}.
        </>
      }
      error={formError}
      submit={{ label: 'Aggiorna', busy: formState.isSubmitting, onSubmit: submit }}
      onClose={onClose}
      backLabel="Annulla"
    >
      <TextField
        label="Variazione"
        autoFocus
        required
        placeholder="+10 oppure -2"
        {...field('delta', 'Positiva se aggiungi pezzi, negativa se ne togli.')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField label="Motivo" required {...field('reason')} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Motivi frequenti">
        {reasons.map((r) => (
          <Chip key={r} label={r} variant="outlined" onClick={() => setValue('reason', r, { shouldValidate: true })} />
        ))}
      </Box>
    </FormDialog>
  );
}

function DeleteDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const remove = useDeleteProduct();
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: product.id });
      toast({ title: 'Prodotto eliminato', description: product.name, variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: 'Prodotto non eliminato', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' });
    }
  };
  return (
    <ConfirmDialog
      id="delete"
      title="Eliminare il prodotto?"
      text={<>«{product.name}» sparirà dal catalogo del negozio e dalle ricerche dei clienti.</>}
      confirm={{ label: 'Elimina', busyLabel: 'Caricamento...', busy: remove.isPending, onConfirm: confirm }}
      onClose={onClose}
    />
  );
}

const matches = (p: Product, words: string[]) => {
  const text = [p.name, p.sku, p.barcode, p.category, p.description].filter(Boolean).join(' ').toLocaleLowerCase('it-IT');
  return words.every((w) => text.includes(w));
};

const newProductButton = (
  <Button component={Link} to="/shopkeeper/products/new" variant="contained" startIcon={<AddIcon />}>
    Nuovo prodotto
  </Button>
);

/**
 * The catalogue's products with a search over them, and edit (at `editPathOf`), stock and delete
 * at hand: the shop's page and the session of a collaborator working for the shop share it.
 * `comparing`: each product of the shared catalogue shows its price against the shops around.
 */
export function ProductCatalogue({
  products,
  editPathOf = shopEditPath,
  comparing = false,
  above,
}: {
  products: Product[];
  editPathOf?: EditPathOf;
  comparing?: boolean;
  above?: ReactNode;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [action, setAction] = useState<Action | null>(null);
  const words = deferredQuery.trim().toLocaleLowerCase('it-IT').split(/\s+/).filter(Boolean);
  const shown = words.length ? products.filter((p) => matches(p, words)) : products;
  return (
    <>
      <ListSearch label="Cerca tra i prodotti" placeholder="Nome, codice, codice a barre" value={query} onChange={setQuery} />
      {above}
      {shown.length === 0 ? (
        <Alert severity="info">Nessun prodotto corrisponde a «{query.trim()}».</Alert>
      ) : narrow ? (
        <ProductCards products={shown} onAction={setAction} comparing={comparing} editPathOf={editPathOf} />
      ) : (
        <ProductTable products={shown} onAction={setAction} comparing={comparing} editPathOf={editPathOf} />
      )}
      {action?.kind === 'stock' && <StockDialog product={action.product} onClose={() => setAction(null)} />}
      {action?.kind === 'delete' && <DeleteDialog product={action.product} onClose={() => setAction(null)} />}
    </>
  );
}

/** /shopkeeper/products: the catalogue, with edit, stock and delete at hand. */
export default function ProductsPage() {
  const site = useSiteName();
  const { data: store, isLoading } = useMyStore();
  const { data: products = [], isLoading: productsLoading } = useStoreProducts(store?.id);
  // One product of the shared catalogue asked first: a plan without the comparison is said once, above the list.
  const probe = usePriceComparison(products.find((p) => p.globalProductId)?.id);
  const refusal = probe.data && 'refused' in probe.data ? probe.data.refused : null;
  const comparing = Boolean(probe.data) && !refusal;

  if (isLoading || productsLoading) return <FullPageSpinner />;
  if (!store) {
    return <NoStoreYet title="Prodotti">Per aggiungere prodotti serve prima il tuo negozio.</NoStoreYet>;
  }

  const active = products.filter((p) => p.status === 'active').length;

  return (
    <>
      <DashboardHeader
        title="Prodotti"
        subtitle={products.length ? `${products.length} ${products.length === 1 ? 'prodotto' : 'prodotti'}, ${active} ${active === 1 ? 'attivo' : 'attivi'}` : undefined}
        aside={newProductButton}
      />
      {products.length === 0 ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 2, justifyItems: 'center' }}>
            <Inventory2Icon color="disabled" sx={{ fontSize: 56 }} />
            <Typography variant="h4" component="h2">
              Il catalogo è vuoto
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
              Aggiungi i tuoi prodotti: con il codice a barre molti si compilano da soli dal catalogo condiviso di {site}.
            </Typography>
            {newProductButton}
          </CardContent>
        </Card>
      ) : (
        <ProductCatalogue
          products={products}
          comparing={comparing}
          above={
            refusal && (
              <Box sx={{ mb: 1.5 }}>
                <ComparisonPlanHint message={refusal} />
              </Box>
            )
          }
        />
      )}
    </>
  );
}
