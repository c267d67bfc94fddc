import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CHAT_TEXT_MAX } from '@vizita/shared/call-chat/chat-message';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/field-label';
import { controlClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { formatClock } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { ChatSnapshot } from '../chat/chat-session';
import { SideSheet } from './side-sheet';
import { viewerTimeZone } from '../../../lib/viewer-zone';

/** The box's text as typed: the chat session trims it and judges it (`chatText`) as it sends. */
const draftSchema = z.object({ text: z.string() });

/**
 * The call's text chat, a side sheet like the File Transfer panel (full screen on phones): the
 * conversation as a log screen readers follow, and a box that sends with Enter (Shift+Enter for a
 * new line). Nothing of it is stored; it goes when the call ends.
 */
export function ChatPanel({
  id,
  chat,
  otherName,
  onSend,
  onClose,
}: {
  id: string;
  chat: ChatSnapshot;
  otherName: string;
  onSend: (text: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const fieldId = useId();
  const hintId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm({ schema: draftSchema, defaultValues: { text: '' } });
  const { error: _error, errorId: _errorId, ...draft } = form.field('text');

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length]);

  // An empty box sends nothing, and says nothing either: there is nothing to correct.
  const submit = form.handleSubmit(async ({ text }) => {
    if (text.trim() !== '' && (await onSend(text))) form.reset();
  });

  return (
    <SideSheet
      id={id}
      title={t('meeting.chat.title')}
      closeLabel={t('meeting.chat.close')}
      onClose={onClose}
      scrolls={false}
    >
      <p className="border-b border-slate-200 bg-white px-4 py-2 text-xs text-slate-700">
        {t('meeting.chat.private')}
      </p>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('meeting.chat.log')}
        className="flex-1 overflow-y-auto p-4"
      >
        <ol className="space-y-3">
          {chat.messages.length === 0 && (
            <li className="text-sm text-slate-600">{t('meeting.chat.empty')}</li>
          )}
          {chat.messages.map((m) => (
            <li
              key={m.id}
              data-from={m.from}
              className={cn('flex flex-col', m.from === 'me' ? 'items-end' : 'items-start')}
            >
              <span className="text-xs text-slate-600">
                {m.from === 'me' ? t('meeting.chat.you') : otherName}
                {' · '}
                <time dateTime={new Date(m.sentAt).toISOString()}>
                  {formatClock(new Date(m.sentAt), viewerTimeZone())}
                </time>
              </span>
              <p
                className={cn(
                  'mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                  m.from === 'me'
                    ? 'bg-teal-700 text-white'
                    : 'bg-white text-slate-900 ring-1 ring-slate-200',
                )}
              >
                {m.text}
              </p>
            </li>
          ))}
        </ol>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-2 border-t border-slate-200 bg-white p-4"
      >
        {chat.failed && <Alert tone="error">{t('meeting.chat.failed')}</Alert>}
        <FieldLabel htmlFor={fieldId}>{t('meeting.chat.message')}</FieldLabel>
        <textarea
          id={fieldId}
          rows={2}
          maxLength={CHAT_TEXT_MAX}
          {...draft}
          aria-describedby={hintId}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          className={controlClasses(false)}
        />
        <div className="flex items-center justify-between gap-3">
          <p id={hintId} className="text-xs text-slate-600">
            {t('meeting.chat.hint')}
          </p>
          <Button type="submit" busy={form.isSubmitting}>
            {t('meeting.chat.send')}
          </Button>
        </div>
      </form>
    </SideSheet>
  );
}
