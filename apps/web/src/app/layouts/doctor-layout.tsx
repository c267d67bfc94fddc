import { useTranslation } from 'react-i18next';
import { SectionLayout } from './section-layout';

/** The doctor console's shell: schedule, availability, profile. */
export function DoctorLayout() {
  const { t } = useTranslation(['doctor', 'messages']);
  return (
    <SectionLayout
      label={t('nav.label')}
      sections={[
        { to: '/doctor', label: t('nav.schedule'), end: true },
        { to: '/doctor/availability', label: t('nav.availability'), end: false },
        { to: '/doctor/profile', label: t('nav.profile'), end: false },
        { to: '/doctor/messages', label: t('messages:nav.messages'), end: false },
        { to: '/security', label: t('nav.security'), end: true },
      ]}
    />
  );
}
