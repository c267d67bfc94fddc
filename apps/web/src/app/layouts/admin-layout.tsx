import { useTranslation } from 'react-i18next';
import { SectionLayout } from './section-layout';

/** The clinic administration's shell: doctors, appointments and payments, the audit log. */
export function AdminLayout() {
  const { t } = useTranslation(['admin', 'messages']);
  return (
    <SectionLayout
      label={t('nav.label')}
      sections={[
        { to: '/admin', label: t('nav.doctors'), end: true },
        { to: '/admin/appointments', label: t('nav.appointments'), end: false },
        { to: '/admin/messages', label: t('messages:nav.messages'), end: false },
        { to: '/admin/audit', label: t('nav.audit'), end: false },
        { to: '/security', label: t('nav.security'), end: true },
      ]}
    />
  );
}
