// Every admin read lives under ['admin']: a change to a doctor can change any list (an upcoming
// count, an appointment's doctor), so mutations invalidate the whole administration.
export const ADMIN_KEY = ['admin'] as const;
export const ADMIN_DOCTORS_KEY = ['admin', 'doctors'] as const;
export const ADMIN_APPOINTMENTS_KEY = ['admin', 'appointments'] as const;
