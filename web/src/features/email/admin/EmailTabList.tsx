import type { ReactElement, ReactNode } from 'react';
import { List } from 'react-admin';
import { newestFirst } from '../../../admin/shared/screens';

/**
 * A tab's list of the e-mail page (the queue, the log): newest first, its filters kept in the tab
 * rather than in the page's address, the page's title, no toolbar or export.
 */
export function EmailTabList({ resource, filters, children }: { resource: 'email-queue' | 'email-logs'; filters: ReactElement[]; children: ReactNode }) {
  return (
    <List
      resource={resource}
      title="E-mail"
      filters={filters}
      sort={newestFirst('createdAt')}
      exporter={false}
      disableSyncWithLocation
      actions={false}
      storeKey={`${resource}-tab`}
    >
      {children}
    </List>
  );
}
