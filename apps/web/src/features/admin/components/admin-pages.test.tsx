import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { DOCTOR, adminSession } from './admin-test-data';

describe('the clinic administration', () => {
  it('sends an admin to /admin and keeps them out of the patient screens', async () => {
    mockApi({ 'GET /auth/status': adminSession, 'GET /api/admin/doctors': () => ok([DOCTOR]) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Doctors' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
    for (const patientScreen of [
      '/dashboard',
      '/complete-profile',
      '/calendar',
      '/booking/success',
    ]) {
      await router.navigate(patientScreen);
      expect(router.state.location.pathname).toBe('/admin');
    }
    expect(screen.getByRole('link', { name: 'Appointments' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeVisible();
  });

  it('is not for a patient', async () => {
    mockApi({ 'GET /auth/status': () => ok(session()), 'GET /api/appointments': () => ok([]) });
    const { router } = renderApp('/admin/audit');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('is not for a doctor', async () => {
    mockApi({ 'GET /auth/status': () => ok(session({ userType: 'doctor' })) });
    const { router } = renderApp('/admin/appointments');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });
});
