import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAssignments } from './api';
import { assignmentPath } from './AssignmentCard';

/** The way from a confirmed collaboration request to the assignment it became (its sessions, its codes); nothing until it exists. */
export function AssignmentOfRequest({ requestId }: { requestId: string }) {
  const assignments = useAssignments();
  const assignment = assignments.data?.find((a) => a.requestId === requestId);
  if (!assignment) return null;
  return (
    <Button component={Link} to={assignmentPath(assignment.id)} size="small" variant="outlined" sx={{ justifySelf: 'start' }}>
      Apri l’incarico
    </Button>
  );
}
