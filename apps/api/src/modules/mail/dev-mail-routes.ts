import { escapeHtml as escape } from '../../lib/html.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { listOutbox } from './mailer.ts';

/** The outbox viewer for development: registered only outside production without SMTP. */
export const devMailRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/dev/mail/messages.json', async () => ({ success: true, data: await listOutbox(db) }));

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await listOutbox(db);
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${escape(m.subject)}</h2><p><strong>To:</strong> ${escape(m.to)} · <time>${m.createdAt}</time></p>
<ul>${m.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('')}</ul>
${m.attachments.length > 0 ? `<p><strong>Attachments:</strong> ${m.attachments.map((a) => escape(a.filename)).join(', ')}</p>` : ''}
<details><summary>Text</summary><pre>${escape(m.text)}</pre></details></article>`,
      )
      .join('<hr>');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vizita dev outbox</title></head>
<body style="font-family:system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem"><main><h1>Development outbox</h1>
<p>Mails are kept here because SMTP_URL is not set.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`);
  });
};
