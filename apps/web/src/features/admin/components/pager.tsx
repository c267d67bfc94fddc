import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '@vizita/shared/contracts/admin';
import { Button } from '../../../components/ui/button';

/** Previous and next over a paged admin list. */
export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-3 flex gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <Button
        variant="secondary"
        disabled={page * ADMIN_PAGE_SIZE >= total}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </Button>
    </div>
  );
}
