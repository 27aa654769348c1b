import type { Role } from '../lib/types';

export interface MenuEntry {
  to: string;
  label: string;
  icon:
    | 'dashboard' | 'store' | 'orders' | 'cart' | 'products' | 'favorites' | 'notifications' | 'profile' | 'tasks' | 'users' | 'settings'
    | 'analytics' | 'collaborations' | 'map' | 'key' | 'earnings';
}

/**
 * The sidebar menu of each role (spec §2). Every entry leads to a page: screens of later issues
 * show what they will do ("in arrivo", pages/coming-soon) until they exist.
 */
export const menus: Record<Role, MenuEntry[]> = {
  // The back office (web/src/admin) has its own full menu; these are its most used screens.
  admin: [
    { to: '/dashboard/admin', label: 'Dashboard', icon: 'dashboard' },
    { to: '/admin/users', label: 'Utenti', icon: 'users' },
    { to: '/admin/stores', label: 'Negozi', icon: 'store' },
    { to: '/admin/products', label: 'Prodotti', icon: 'products' },
    { to: '/admin/orders', label: 'Ordini', icon: 'orders' },
    { to: '/admin/site-settings', label: 'Impostazioni del sito', icon: 'settings' },
  ],
  shopkeeper: [
    { to: '/dashboard/shopkeeper', label: 'Dashboard', icon: 'dashboard' },
    { to: '/shopkeeper/store', label: 'Il mio negozio', icon: 'store' },
    { to: '/shopkeeper/orders', label: 'Ordini', icon: 'orders' },
    { to: '/shopkeeper/reservations', label: 'Prenotazioni', icon: 'tasks' },
    { to: '/shopkeeper/products', label: 'Prodotti', icon: 'products' },
    { to: '/shopkeeper/store/settings', label: 'Impostazioni negozio', icon: 'settings' },
    { to: '/shopkeeper/analytics', label: 'Statistiche', icon: 'analytics' },
    { to: '/shopkeeper/collaborations', label: 'Collaborazioni', icon: 'collaborations' },
    { to: '/shopkeeper/settings', label: 'Impostazioni account', icon: 'profile' },
  ],
  collaborator: [
    { to: '/dashboard/collaborator', label: 'Dashboard', icon: 'dashboard' },
    { to: '/collaborator/tasks', label: 'Attività', icon: 'tasks' },
    { to: '/collaborator/assignments', label: 'Incarichi', icon: 'collaborations' },
    { to: '/collaborator/stores-map', label: 'Mappa negozi', icon: 'map' },
    { to: '/collaborator/coverage-area', label: 'Area di copertura', icon: 'map' },
    { to: '/collaborator/activate-session', label: 'Attiva sessione', icon: 'key' },
    { to: '/collaborator/earnings', label: 'Guadagni', icon: 'earnings' },
    { to: '/collaborator/profile', label: 'Profilo', icon: 'profile' },
  ],
  customer: [
    { to: '/dashboard/customer', label: 'Dashboard', icon: 'dashboard' },
    { to: '/customer/orders', label: 'I miei ordini', icon: 'orders' },
    { to: '/customer/cart', label: 'Carrello', icon: 'cart' },
    { to: '/customer/favorites', label: 'Preferiti', icon: 'favorites' },
    { to: '/customer/reservations', label: 'Prenotazioni', icon: 'tasks' },
    { to: '/customer/notifications', label: 'Notifiche', icon: 'notifications' },
    { to: '/customer/profile', label: 'Profilo', icon: 'profile' },
    { to: '/customer/settings', label: 'Impostazioni', icon: 'settings' },
  ],
};
