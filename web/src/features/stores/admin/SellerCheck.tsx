import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { ResponseOf } from '@platform/http/contract';
import type { Store, storesApi } from '@contracts/stores';
import { AskReasonDialog, useAdminCall } from '../../../admin/shared/moves';
import { apiGet, apiRequest, errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';

type SellerAnswer = ResponseOf<typeof storesApi.adminSeller>;

/**
 * «Chi vende» on the back office's shop page (issue [21]): the shopkeeper's declaration (a trader and
 * its partita IVA, or a private seller); the admin confirms it, or refuses it with the reason the
 * shopkeeper reads in their settings.
 */
export function SellerCheck() {
  const store = useRecordContext<Store>();
  const url = `/api/admin/stores/${store?.id ?? ''}/seller`;
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery({ queryKey: [url], queryFn: async () => (await apiGet<SellerAnswer>(url))!, enabled: Boolean(store) });
  const { busy, call } = useAdminCall('Verifica non riuscita');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (!store) return null;
  if (isPending) return null;
  if (error) return <Alert severity="error">{errorText(error, 'Dichiarazione non disponibile.')}</Alert>;
  const seller = data.seller;
  const after = (answer: unknown) => queryClient.setQueryData([url], answer);
  if (!seller) return <Typography color="text.secondary">Il negozio non ha ancora dichiarato chi vende.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}>
      <Typography>
        {seller.sellerType === 'trader' ? `Venditore professionale · P. IVA ${seller.vatNumber ?? ''}` : 'Venditore privato'} · dichiarato il {formatDateTime(seller.declaredAt)}
      </Typography>
      <Alert severity={seller.status === 'verified' ? 'success' : seller.status === 'refused' ? 'warning' : 'info'}>
        {seller.status === 'verified'
          ? `Verificata il ${formatDateTime(seller.checkedAt!)}.`
          : seller.status === 'refused'
            ? `Respinta: ${seller.reason ?? ''}`
            : 'Da verificare: controlla la partita IVA (per esempio sul registro delle imprese o sul sito dell’Agenzia delle Entrate).'}
      </Alert>
      {seller.status === 'declared' && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void call(async () => after(await apiRequest('POST', `${url}/verify`)), 'Dichiarazione confermata: la pagina del negozio la mostra.')}
          >
            Conferma
          </Button>
          <Button color="error" variant="outlined" disabled={busy} onClick={() => setAsking(true)}>
            Respingi
          </Button>
        </Box>
      )}
      <AskReasonDialog
        open={asking}
        title="Respingere la dichiarazione?"
        reason={reason}
        onReason={setReason}
        asked={{ label: 'Motivo', hint: 'Il negoziante lo legge nelle impostazioni del negozio.', required: true, limit: 500 }}
        confirm="Respingi"
        danger
        busy={busy}
        ready={reason.trim().length > 0 && reason.length <= 500}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void call(async () => {
            after(await apiRequest('POST', `${url}/refuse`, { reason }));
            setAsking(false);
            setReason('');
          }, 'Dichiarazione respinta.')
        }
      />
    </Box>
  );
}
