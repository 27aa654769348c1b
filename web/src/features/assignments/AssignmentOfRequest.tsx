import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { useAssignments } from './api';
import { assignmentPath } from './AssignmentCard';
import { firstSessionToProgram } from './assignment-figures';

/**
 * The way from a confirmed collaboration request to the assignment it became (its sessions, its
 * codes); nothing until it exists. The shopkeeper is asked to program its first session while it has none.
 */
export function AssignmentOfRequest({ requestId }: { requestId: string }) {
  const { user } = useAuth();
  const assignments = useAssignments();
  const assignment = assignments.data?.find((a) => a.requestId === requestId);
  if (!assignment) return null;
  const toProgram = user?.role === 'shopkeeper' && firstSessionToProgram(assignment);
  return (
    <Button component={Link} to={assignmentPath(assignment.id)} size="small" variant={toProgram ? 'contained' : 'outlined'} sx={{ justifySelf: 'start' }}>
      {toProgram ? 'Programma la prima sessione' : 'Apri l’incarico'}
    </Button>
  );
}
