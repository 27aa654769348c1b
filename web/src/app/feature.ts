import type { ComponentType } from 'react';
import type { Role } from '../lib/types';

/** A sidebar entry of a role's menu (app/menus.ts). */
export interface MenuEntry {
  to: string;
  label: string;
  icon:
    | 'dashboard' | 'store' | 'orders' | 'cart' | 'products' | 'favorites' | 'notifications' | 'profile' | 'tasks' | 'users' | 'settings'
    | 'analytics' | 'collaborations' | 'map' | 'key' | 'earnings';
}

/** A page at a path; every page but the home page is a lazy chunk, loaded when it is opened. */
export interface FeaturePage {
  path: string;
  page: ComponentType;
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
  /**
   * The feature's sidebar entries per role. A role's menu mixes entries of several features, so
   * each says its place in that menu (smaller first).
   */
  menus?: Partial<Record<Role, (MenuEntry & { place: number })[]>>;
}
