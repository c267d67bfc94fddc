import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';

/** A failed load, said at once (role alert), with a way to try again. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" className="mt-3" busy={retrying} onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Alert>
  );
}
