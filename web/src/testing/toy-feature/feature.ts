import ToysIcon from '@mui/icons-material/Toys';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

/*
 * A feature as a new one joins the site, kept out of features/ (app/registry.unit.test.ts lists it
 * beside the real ones): a page in the collaborator's area with its menu entry, a public page, a
 * path of its own that only collaborators open, its history and (./admin) its back office.
 */
const ToyPage = lazy(() => import('./ToyPage'));

export const toyFeature: Feature<'toy'> = {
  name: 'toy-feature',
  public: [{ path: '/giocattoli', page: ToyPage }],
  area: [
    { path: '/collaborator/toys', page: ToyPage, menu: { collaborator: { place: 32, label: 'Giocattoli', icon: ToysIcon } } },
    { path: '/collaborator/toys/workshop', page: ToyPage },
  ],
  access: [{ path: /^\/collaborator\/toys\/workshop/, roles: ['collaborator'] }],
  backOffice: [{ place: 38, to: '/admin/toys', label: 'Giocattoli', icon: ToysIcon }],
  history: { toy: 'toys' },
};
