import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/**
 * An edit form's toolbar: save on the left, delete on the right, asked to confirm with what
 * deleting this record means (it waits for the server: no undo for a command in the log).
 */
export function SaveOrDeleteToolbar({ confirmTitle, confirmContent }: { confirmTitle: string; confirmContent: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={confirmTitle} confirmContent={confirmContent} />
    </Toolbar>
  );
}
