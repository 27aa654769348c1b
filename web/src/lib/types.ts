import type { ResponseOf } from '@platform/http/contract';
import type { usersApi } from '@contracts/users';

/** The session user (spec §3, §7 GET /api/user). */
export type User = ResponseOf<typeof usersApi.me>;
export type Role = User['role'];

/** The roles' Italian names: the users module's (src/modules/users/labels.ts). */
export { roleLabels } from '@labels/users';
