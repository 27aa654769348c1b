import type { ResponseOf } from '@platform/http/contract';
import type { googlePlacesApi } from '@contracts/google-places';
import { fields } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';

type LinkedShop = ResponseOf<typeof googlePlacesApi.linked>[number];

/** /admin/google-places: the shops linked to their Google place, the latest first, with Google's rating as last asked (30 days at most). */
export function GooglePlacesList() {
  return (
    <ResourceList<LinkedShop>
      search="Nome del negozio"
      sort={newestFirst('linkedAt')}
      line={{ primary: (s) => s.storeName, secondary: (s) => (s.rating !== null ? `${s.rating} su Google` : 'Nessun dato di Google') }}
    >
      {fields.texts('storeName', 'placeId')}
      {fields.numbers('rating', 'reviewCount')}
      {fields.days('linkedAt', 'fetchedAt')}
    </ResourceList>
  );
}
