import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { AlertCircleIcon } from '../components/ui/icons';
import { MAIN_CONTENT_ID } from './layouts/root-layout';

/** Last resort for a render error or a route chunk that failed to load: translated, recoverable. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main
      id={MAIN_CONTENT_ID}
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertCircleIcon width={40} height={40} className="text-red-700" />
      <h1 className="text-2xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="text-slate-700">{t('error.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </main>
  );
}
