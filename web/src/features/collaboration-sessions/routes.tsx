import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ActivateSessionPage = lazy(() => import('./ActivateSessionPage'));
const SessionWorkspacePage = lazy(() => import('./workspace/SessionWorkspacePage'));
const SessionProductPage = lazy(() => import('./workspace/SessionProductPage'));
const SessionOrderPage = lazy(() => import('./workspace/SessionOrderPage'));

/** Issue [13]: the collaborator activates a session with the shop's code and works for the shop in it (collaborators only: app/access.ts). */
export const collaborationSessionsRoutes: FeatureRoutes = {
  area: [
    { path: '/collaborator/activate-session', page: ActivateSessionPage, menu: { collaborator: { place: 60, label: 'Attiva sessione', icon: 'key' } } },
    { path: '/collaborator/session', page: SessionWorkspacePage },
    { path: '/collaborator/session/products/new', page: SessionProductPage },
    { path: '/collaborator/session/products/:id', page: SessionProductPage },
    { path: '/collaborator/session/orders/:id', page: SessionOrderPage },
  ],
};
