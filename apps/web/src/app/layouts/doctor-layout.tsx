import { useTranslation } from 'react-i18next';
import { SectionLayout } from './section-layout';

/** The doctor console's shell: schedule, availability, profile. */
export function DoctorLayout() {
  const { t } = useTranslation('doctor');
  return (
    <SectionLayout
      label={t('nav.label')}
      sections={[
        { to: '/doctor', label: t('nav.schedule'), end: true },
        { to: '/doctor/availability', label: t('nav.availability'), end: false },
        { to: '/doctor/profile', label: t('nav.profile'), end: false },
        { to: '/security', label: t('nav.security'), end: true },
      ]}
    />
  );
}
