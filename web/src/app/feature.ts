import type { ComponentType } from 'react';
import type { Role } from '../lib/types';

/** A sidebar entry of a role's menu (app/menus.ts). */
export interface MenuEntry {
  to: string;
  label: string;
  icon:
    | 'dashboard' | 'store' | 'orders' | 'cart' | 'products' | 'favorites' | 'notifications' | 'profile' | 'tasks' | 'users' | 'settings'
    | 'analytics' | 'collaborations' | 'map' | 'area' | 'key' | 'earnings' | 'complaints' | 'reviews';
}

/** Where an entry stands in a role's sidebar: a role's menu mixes entries of several features, so each says its place (smaller first). */
export type MenuPlace = Omit<MenuEntry, 'to'> & { place: number };

/** A page at a path; every page but the home page is a lazy chunk, loaded when it is opened. */
export interface FeaturePage {
  path: string;
  page: ComponentType;
  /** The page's entry in the sidebar menu of each role that lists it. */
  menu?: Partial<Record<Role, MenuPlace>>;
}

/**
 * What a feature adds to the site (features/<feature>/routes.tsx): app/router.tsx and
 * app/menus.ts assemble every feature's from the list in features/index.ts.
 */
export interface FeatureRoutes {
  /** Pages inside the public frame (the site's header and footer). */
  public?: FeaturePage[];
  /** Pages with no frame around them. */
  standalone?: FeaturePage[];
  /** Pages of the logged-in areas, inside the dashboard frame (the sidebar, the login guard). */
  area?: FeaturePage[];
  /** The admin's sidebar entries to the feature's back-office screens (/admin/…, routed by admin/AdminApp.tsx). */
  backOffice?: (MenuPlace & { to: `/admin/${string}` })[];
}
