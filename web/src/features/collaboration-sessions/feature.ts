import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const ActivateSessionPage = lazy(() => import('./ActivateSessionPage'));
const SessionWorkspacePage = lazy(() => import('./workspace/SessionWorkspacePage'));
const SessionProductPage = lazy(() => import('./workspace/SessionProductPage'));
const SessionOrderPage = lazy(() => import('./workspace/SessionOrderPage'));

/** Issue [13]: the collaborator activates a session with the shop's code and works for the shop in it (collaborators only: a session acts for a shop only a collaborator works in). */
export const collaborationSessionsFeature: Feature<'collaboration-session'> = {
  name: 'collaboration-sessions',
  area: [
    { path: '/collaborator/activate-session', page: ActivateSessionPage, menu: { collaborator: { place: 60, label: 'Attiva sessione', icon: KeyIcon } } },
    { path: '/collaborator/session', page: SessionWorkspacePage },
    { path: '/collaborator/session/products/new', page: SessionProductPage },
    { path: '/collaborator/session/products/:id', page: SessionProductPage },
    { path: '/collaborator/session/orders/:id', page: SessionOrderPage },
  ],
  access: [
    { path: /^\/collaborator\/activate-session/, roles: ['collaborator'] },
    { path: /^\/collaborator\/session(\/|$)/, roles: ['collaborator'] },
  ],
  history: { 'collaboration-session': 'collaboration-sessions' },
};
