import { adminKeys } from '../../../api/query-keys';

// Every admin read lives under `adminKeys.all`: a change to a doctor can change any list (an
// upcoming count, an appointment's doctor), so mutations invalidate the whole administration.
export const ADMIN_KEY = adminKeys.all;
export const ADMIN_DOCTORS_KEY = [...ADMIN_KEY, 'doctors'] as const;
export const ADMIN_APPOINTMENTS_KEY = [...ADMIN_KEY, 'appointments'] as const;
