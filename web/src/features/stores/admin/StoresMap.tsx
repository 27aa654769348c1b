import { Card } from '@mui/material';
import { useListContext } from 'react-admin';
import { ShopMap } from '../store-parts';
import type { Store } from '@contracts/stores';

/** The stores of the list's current page on a map; a pin's popup opens the store. */
export function StoresMap() {
  const { data } = useListContext<Store>();
  const markers = (data ?? [])
    .filter((s) => typeof s.latitude === 'number' && typeof s.longitude === 'number')
    .map((s) => ({ id: String(s.id), latitude: s.latitude, longitude: s.longitude, label: s.name, href: `/admin/stores/${s.id}/show` }));
  return (
    <Card variant="outlined" sx={{ m: { xs: 1, md: 2 }, overflow: 'hidden' }}>
      <ShopMap markers={markers} />
    </Card>
  );
}
