import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { useAcceptHandover } from '../api/accept-handover';
import { acceptErrorKey } from '../utils/error-keys';

/**
 * /handover?token= — the link mailed to a person whose record an account holder hands over
 * (ADR 0043): signed in with their own account, they take it; their profile receives it.
 */
export function HandoverAcceptPage() {
  const { t } = useTranslation('family');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptHandover();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageTitle title={t('accept.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('accept.title')}</h1>
      <Card>
        {accept.isSuccess ? (
          <div className="space-y-3">
            <Alert tone="success">{t('accept.done')}</Alert>
            <Link to="/dashboard/profile" className={buttonClasses('primary')}>
              {t('accept.toProfile')}
            </Link>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-slate-700">{t('accept.intro')}</p>
            {accept.isError && <Alert tone="error">{t(acceptErrorKey(accept.error))}</Alert>}
            <Button busy={accept.isPending} disabled={!token} onClick={() => accept.mutate(token)}>
              {t('accept.submit')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
