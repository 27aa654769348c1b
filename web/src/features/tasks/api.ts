import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { tasksApi } from '@contracts/tasks';
import { isLate, taskStatusLabels, taskTypeLabels, type TaskStatus, type TaskType } from '@pure/tasks/labels';
import { apiGet, apiRequest } from '../../lib/client';
import { useRefreshOrders } from '../orders/api';

/* Tasks and local deliveries (docs/api-tasks.md): the collaborator's, and the shop's of one order. */

export type Task = ResponseOf<typeof tasksApi.get>;
export type CollaboratorTask = ResponseOf<typeof tasksApi.mine>[number];
export type Courier = ResponseOf<typeof tasksApi.couriers>[number];
export type NewTask = BodyOf<typeof tasksApi.create>;
export type { TaskStatus, TaskType };
export { isLate, taskTypeLabels };

export const tasksUrl = '/api/tasks';
export const myTasksUrl = '/api/collaborators/tasks';
const orderTasksUrl = (orderId: string) => `${tasksUrl}?orderId=${orderId}`;

/** Each state's badge. */
export const taskStatusChips: Record<TaskStatus, { label: string; color: 'default' | 'warning' | 'info' | 'success' | 'error' | 'primary' | 'secondary' }> = {
  pending: { label: taskStatusLabels.pending, color: 'warning' },
  accepted: { label: taskStatusLabels.accepted, color: 'info' },
  in_progress: { label: taskStatusLabels.in_progress, color: 'secondary' },
  completed: { label: taskStatusLabels.completed, color: 'success' },
  cancelled: { label: taskStatusLabels.cancelled, color: 'default' },
};

/** Still to be done. */
export const isActive = (t: { status: TaskStatus }) => t.status === 'pending' || t.status === 'accepted' || t.status === 'in_progress';

/**
 * The tasks the user may see (the collaborator: theirs and the offers in their area), newest first.
 * Offers come without a notice: read again every 30 seconds while the page is open.
 */
export const useTasks = ({ refetchInterval }: { refetchInterval?: number } = {}) =>
  useQuery({ queryKey: [tasksUrl], queryFn: async () => (await apiGet<Task[]>(tasksUrl)) ?? [], refetchInterval: refetchInterval ?? false });

/** The collaborator's own tasks (spec §7), for the dashboard. */
export const useMyTasks = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: [myTasksUrl], enabled, queryFn: async () => (await apiGet<CollaboratorTask[]>(myTasksUrl)) ?? [] });

/** The delivery tasks of one order (the shop's), newest first. */
export const useOrderTasks = (orderId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [orderTasksUrl(orderId ?? '')],
    enabled: enabled && Boolean(orderId),
    queryFn: async () => (await apiGet<Task[]>(orderTasksUrl(orderId!))) ?? [],
  });

/** Whom the delivery of an order may be handed to. */
export const useCouriers = (orderId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [`${tasksUrl}/couriers?orderId=${orderId}`],
    enabled,
    queryFn: async () => (await apiGet<Courier[]>(`${tasksUrl}/couriers?orderId=${orderId}`)) ?? [],
  });

/** After any move: the tasks and the orders read again (a delivery moves its order too). */
function useRefresh() {
  const client = useQueryClient();
  const orders = useRefreshOrders();
  return () =>
    Promise.all([
      client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith(tasksUrl) || q.queryKey[0] === myTasksUrl) }),
      orders(),
    ]);
}

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: NewTask) => apiRequest<Task>('POST', tasksUrl, body), onSuccess: refresh });
}

export type TaskMove = 'accept' | 'reject' | 'start' | 'deliver' | 'complete' | 'cancel';

/** A move on a task: accept, start, complete (no body), deliver ({deliveryCode}), reject and cancel ({reason}). */
export function useTaskMove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, move, reason, deliveryCode }: { id: string; move: TaskMove; reason?: string; deliveryCode?: string }) =>
      apiRequest<Task>('POST', `${tasksUrl}/${id}/${move}`, move === 'deliver' ? { deliveryCode } : move === 'reject' || move === 'cancel' ? { reason: reason ?? '' } : {}),
    onSettled: refresh,
  });
}

/** "2,4 km". */
export const kmText = (km: number) => `${km.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`;
