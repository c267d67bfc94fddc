import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditQuerySchema, type AuditQuery } from '@vizita/shared/contracts/admin';
import { isAuditEvent } from '@vizita/shared/domain/audit-events';
import { Button } from '../../../components/ui/button';
import { Pager } from './pager';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatShortDateTime } from '../../../lib/dates';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAudit } from '../api/get-audit';

type FilterFields = { actor: string; action: string; subject: string; from: string; to: string };

/** The filter as GET /api/admin/audit takes it: a blank field filters by nothing. */
const filterSchema = formSchema({
  schema: auditQuerySchema,
  toInput: (fields: FilterFields) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')),
});

/** /admin/audit — who did what to whose record, and when. Read only: nothing here changes it. */
export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const form = useSchemaForm({
    schema: filterSchema,
    defaultValues: { actor: '', action: '', subject: '', from: '', to: '' },
  });
  const [query, setQuery] = useState<AuditQuery>({});
  const [page, setPage] = useState(1);
  const audit = useAudit({ ...query, page });

  const filter = form.handleSubmit((next) => {
    setPage(1);
    setQuery(next);
  });

  return (
    <div className="space-y-6">
      <PageTitle title={t('audit.title')} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('audit.title')}</h1>
      <Card>
        <form
          onSubmit={(event) => void filter(event)}
          noValidate
          aria-label={t('audit.filter')}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          <TextField
            label={t('audit.actorFilter')}
            hint={t('audit.personHint')}
            {...form.field('actor')}
          />
          <TextField
            label={t('audit.action')}
            hint={t('audit.actionHint')}
            {...form.field('action')}
          />
          <TextField
            label={t('audit.subjectFilter')}
            hint={t('audit.personHint')}
            {...form.field('subject')}
          />
          <TextField label={t('audit.from')} type="date" {...form.field('from')} />
          <TextField label={t('audit.to')} type="date" {...form.field('to')} />
          <Button type="submit" className="self-end">
            {t('audit.filter')}
          </Button>
        </form>
      </Card>
      <Card>
        {audit.data ? (
          // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('audit.results', { count: audit.data.total })}
          >
            <p className="mb-2 text-sm text-slate-700">
              {t('audit.results', { count: audit.data.total })}
            </p>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('audit.title')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.when')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.event')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.actor')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.subject')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.details')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((e) => (
                  <tr key={e._id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={e.at}>{formatShortDateTime(e.at) ?? e.at}</time>
                    </td>
                    <td className="py-2 pr-3">
                      {isAuditEvent(e.event) ? t(`audit.events.${e.event}`) : e.event}
                      <code className="block text-xs text-slate-600">{e.event}</code>
                    </td>
                    <td className="py-2 pr-3">{e.actor?.name ?? t('audit.system')}</td>
                    <td className="py-2 pr-3">{e.subject?.name ?? t('audit.none')}</td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">
                      {Object.entries(e.meta)
                        .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
                        .join(' ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} total={audit.data.total} onPage={setPage} />
          </div>
        ) : audit.isError ? (
          <ErrorState message={t('loadFailed')} onRetry={() => void audit.refetch()} />
        ) : (
          <LoadingState />
        )}
      </Card>
    </div>
  );
}
