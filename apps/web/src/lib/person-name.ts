import { useTranslation } from 'react-i18next';

/**
 * A patient's name as staff see it: an account the patient deleted has none left (ADR 0025),
 * and is shown as such rather than as a blank.
 */
export function usePersonName() {
  const { t } = useTranslation('common');
  return (name: string | null | undefined) => name?.trim() || t('deletedAccount');
}
