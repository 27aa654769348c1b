import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { Skeletons } from '../../../components/Skeletons';
import { useStoreProducts } from '../../products/api';
import { ProductForm } from '../../products/shop/ProductFormPage';
import type { Session } from '../api';
import { WithSession } from './WorkspaceParts';

const back = '/collaborator/session?sezione=prodotti';
const backLink = (
  <Button component={Link} to={back} startIcon={<ArrowBackIcon />} color="inherit">
    Sessione
  </Button>
);

/** A product of the session's shop, new or to edit, with the shop's own form (its AI buttons only with the AI permission). */
function SessionProduct({ session }: { session: Session }) {
  const { id } = useParams<{ id: string }>();
  // The shop's list as its owner reads it: a product hidden from customers is found too.
  const { data: products = [], isLoading } = useStoreProducts(session.storeId);
  const product = id ? products.find((p) => p.id === id) : null;
  const title = id ? 'Modifica prodotto' : 'Nuovo prodotto';
  if (!session.permissions.includes('products')) {
    return (
      <>
        <DashboardHeader title={title} aside={backLink} />
        <Alert severity="warning">In questa sessione il negozio non ti ha dato il permesso di gestire i prodotti.</Alert>
      </>
    );
  }
  if (id && isLoading) return <Skeletons label="Caricamento del prodotto" heights={[64, 320]} gap={2} />;
  if (id && !product) {
    return (
      <>
        <DashboardHeader title={title} aside={backLink} />
        <Alert severity="warning">Questo prodotto non esiste o non fa parte del catalogo di {session.storeName}.</Alert>
      </>
    );
  }
  return (
    <>
      <DashboardHeader title={title} subtitle={product ? `${product.name} · ${session.storeName}` : session.storeName} aside={backLink} />
      <ProductForm key={product?.id ?? 'new'} product={product ?? null} backTo={back} ai={session.permissions.includes('ai')} comparison={false} />
    </>
  );
}

/** /collaborator/session/products/new and /collaborator/session/products/:id: the session's shop's product form. */
export default function SessionProductPage() {
  return <WithSession title="Prodotto del negozio">{(session) => <SessionProduct session={session} />}</WithSession>;
}
