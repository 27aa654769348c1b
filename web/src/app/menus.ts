import type { Role } from '../api/types';

export interface MenuEntry {
  to: string;
  label: string;
  icon: 'dashboard' | 'store' | 'orders' | 'cart' | 'products' | 'favorites' | 'notifications' | 'profile' | 'tasks' | 'users' | 'settings';
}

/**
 * The sidebar menu of each role (spec §2). An entry is listed once its screen exists, so that no
 * link leads to a dead end; later issues add theirs here.
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
  ],
  collaborator: [{ to: '/dashboard/collaborator', label: 'Dashboard', icon: 'dashboard' }],
  customer: [
    { to: '/dashboard/customer', label: 'Dashboard', icon: 'dashboard' },
    { to: '/customer/orders', label: 'I miei ordini', icon: 'orders' },
    { to: '/customer/cart', label: 'Carrello', icon: 'cart' },
    { to: '/customer/favorites', label: 'Preferiti', icon: 'favorites' },
    { to: '/customer/reservations', label: 'Prenotazioni', icon: 'tasks' },
    { to: '/customer/notifications', label: 'Notifiche', icon: 'notifications' },
    { to: '/customer/profile', label: 'Profilo', icon: 'profile' },
  ],
};
