import { Edit, SimpleForm, useNotify, type EditProps } from 'react-admin';
import { helperRoom, saveOnly } from '../../../admin/shared/screens';
import { useSiteQueryClient } from '../../../admin/siteQueryClient';
import { siteSettingsQueryKey } from '../api';

/**
 * A singleton settings record (id "current") edited on its own page: saving stays on the page
 * and is sent at once, since the settings take effect for everyone.
 */
export function SettingsPage({ resource, title, children, ...rest }: { resource: string; title: string } & Omit<EditProps, 'resource' | 'id' | 'title'>) {
  return (
    <Edit resource={resource} id="current" title={title} mutationMode="pessimistic" redirect={false} actions={false} {...rest}>
      <SimpleForm toolbar={saveOnly} sx={{ maxWidth: 720, ...helperRoom }}>
        {children}
      </SimpleForm>
    </Edit>
  );
}

/**
 * What saving settings the site reads (its public settings) does: says they are saved, and has the
 * site read them again, so it follows at once.
 */
export function useSavedForTheSite(message: string) {
  const siteQueryClient = useSiteQueryClient();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    void siteQueryClient.invalidateQueries({ queryKey: siteSettingsQueryKey });
  };
}
