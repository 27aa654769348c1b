import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import type { Role } from '../lib/types';

/** Where an entry stands in a role's sidebar: a role's menu mixes entries of several features, so each says its place (smaller first). */
export interface MenuPlace {
  place: number;
  label: string;
  /** The entry's MUI icon, which the feature names itself. */
  icon: ComponentType;
}

/** A page at a path; every page but the home page is a lazy chunk, loaded when it is opened. */
export interface FeaturePage {
  path: string;
  page: ComponentType;
  /** The page's entry in the sidebar menu of each role that lists it. */
  menu?: Partial<Record<Role, MenuPlace>>;
}

/** A list page at `path` (with its menu entries, if any) and the page of one of its records at `path/:id`. */
export function listAndRecord(path: string, list: ComponentType, record: ComponentType, menu?: FeaturePage['menu']): FeaturePage[] {
  return [
    { path, page: list, ...(menu && { menu }) },
    { path: `${path}/:id`, page: record },
  ];
}

/**
 * Who may open the paths a rule matches, before app/access.ts's rule by the path's words (spec §6):
 * a feature's own exception, such as a page of the collaborator's area a shopkeeper may not open.
 */
export interface AccessRule {
  path: RegExp;
  roles: Role[];
}

/** A back-office list of records: react-admin's `<Resource>` props, and its place in the admin's menu (smaller first). */
export interface AdminResource extends ResourceProps {
  place: number;
}

/** A back-office screen of the feature's own at /admin/<path>, with its entry in the admin's menu if it has one. */
export interface AdminPage {
  path: `/${string}`;
  page: ComponentType;
  menu?: { place: number; label: string; icon: ReactElement };
}

/** Texts of the back office by their keys (react-admin's i18n): a resource's name and fields, or a feature's own keys. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * What a feature adds to the back office: exported as `admin` by features/<name>/admin/index.ts(x),
 * fetched with the back office (admin/parts.ts), never in the site's first chunk.
 */
export interface FeatureAdmin {
  resources?: AdminResource[];
  pages?: AdminPage[];
  /** Merged into the admin's Italian messages: `{ resources: { <name>: { name, fields } } }` and any key of its own. */
  messages?: Messages;
}

/**
 * What a feature adds to the site, declared in its own folder (features/<name>/feature.ts) and
 * listed once in features/index.ts: the router and the menus (app/), the access rules
 * (app/access.ts), the back office (admin/AdminApp.tsx, with each listed feature's
 * features/<name>/admin part) and its histories (admin/history) are built from that list.
 * `H`: the aggregate types whose history the feature shows.
 */
export interface Feature<H extends string = never> {
  /** The feature's folder under features/: where its back office is found (features/<name>/admin). */
  name: string;
  /** Pages inside the public frame (the site's header and footer). */
  public?: FeaturePage[];
  /** Pages with no frame around them. */
  standalone?: FeaturePage[];
  /** Pages of the logged-in areas, inside the dashboard frame (the sidebar, the login guard). */
  area?: FeaturePage[];
  /** The admin's sidebar entries to the feature's back-office screens (/admin/…, routed by admin/AdminApp.tsx). */
  backOffice?: (MenuPlace & { to: `/admin/${string}` })[];
  /** Who may open some of the feature's paths, where the rule by the path's words is not the right one. */
  access?: AccessRule[];
  /**
   * The aggregates whose history (GET /api/admin/history/:type/:id) the feature's screens show,
   * each with the admin resource whose field names (its messages) name the aggregate's fields.
   */
  history?: Record<H, string>;
}

/** The aggregate types a feature declares histories of. */
export type HistoryTypesOf<F> = F extends Feature<infer H> ? H : never;
