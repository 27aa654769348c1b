import { Alert } from '@mui/material';
import { DashboardHeader } from '../../../components/DashboardHeader';
import { OrderDetail } from '../../orders/shop/OrderDetailPage';
import { WithSession } from './WorkspaceParts';

/** /collaborator/session/orders/:id: an order of the session's shop, with the shop's own moves. */
export default function SessionOrderPage() {
  return (
    <WithSession title="Ordine del negozio">
      {(session) =>
        session.permissions.includes('orders') ? (
          <OrderDetail back={{ to: '/collaborator/session?sezione=ordini', label: 'Ordini del negozio' }} />
        ) : (
          <>
            <DashboardHeader title="Ordine del negozio" />
            <Alert severity="warning">In questa sessione il negozio non ti ha dato il permesso di gestire gli ordini.</Alert>
          </>
        )
      }
    </WithSession>
  );
}
