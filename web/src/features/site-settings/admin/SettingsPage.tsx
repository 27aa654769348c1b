import { Edit, SaveButton, SimpleForm, Toolbar, type EditProps } from 'react-admin';

/**
 * A singleton settings record (id "current") edited on its own page: saving stays on the page
 * and is sent at once, since the settings take effect for everyone.
 */
export function SettingsPage({ resource, title, children, ...rest }: { resource: string; title: string } & Omit<EditProps, 'resource' | 'id' | 'title'>) {
  return (
    <Edit resource={resource} id="current" title={title} mutationMode="pessimistic" redirect={false} actions={false} {...rest}>
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 720 }}>
        {children}
      </SimpleForm>
    </Edit>
  );
}
