import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@vizita/shared/constants';
import {
  doctorSlugSchema,
  publicDirectoryQuerySchema,
  publicDoctorQuerySchema,
} from '@vizita/shared/contracts/public-doctors';
import { specialtyName } from '@vizita/shared/domain/specialties';
import type { Clock } from '../../lib/clock.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import type { DoctorProfileService } from '../doctor-profile/service.ts';
import type { DoctorService } from '../doctors/service.ts';
import { PUBLIC_COPY } from './copy.ts';
import { directory, filtersOf, freeTimesOf } from './directory.ts';
import { physicianJsonLd } from './json-ld.ts';
import { directoryMain, doctorMain, notFoundMain, photoPath } from './pages.ts';
import { publicShell, pageUrl, type LanguageChoice } from './shell.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import type { SpaAssets } from './spa-assets.ts';

type Deps = {
  doctors: DoctorService;
  photos: DoctorProfileService;
  assets: SpaAssets;
  appUrl: string;
  clock: Clock;
};

/** The page's language: `?lang=` when it names one, else the browser's first that we speak. */
function languageOf(request: FastifyRequest, lang: string | undefined): LanguageChoice {
  if (lang && (LOCALES as readonly string[]).includes(lang))
    return { locale: lang as Locale, explicit: true };
  return { locale: localeFromAcceptLanguage(request.headers['accept-language']), explicit: false };
}

/** An HTML page: never kept stale (the free times move), varied by the browser's language. */
function sendPage(reply: FastifyReply, choice: LanguageChoice, body: string, status = 200) {
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!choice.explicit) reply.header('vary', 'Accept-Language');
  return reply.send(body);
}

/**
 * The public doctor pages (issue #22): /doctors and /doctors/<slug> as whole HTML pages for
 * visitors without an account and for search engines, /sitemap.xml and /robots.txt. What they
 * show is what GET /api/doctors shows anyone: no e-mail, no account id.
 */
export const publicPageRoutes: FastifyPluginAsync<Deps> = async (
  app,
  { doctors, photos, assets, appUrl, clock },
) => {
  app.get('/doctors', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const parsed = publicDirectoryQuerySchema.safeParse(query);
    const lang = typeof query.lang === 'string' ? query.lang : undefined;
    const choice = languageOf(request, lang);
    const filters = parsed.success ? filtersOf(parsed.data) : {};
    const { shown, all } = await directory(doctors, filters, choice.locale, clock());
    const t = PUBLIC_COPY[choice.locale];
    // The filters understood stay chosen when the visitor changes the language.
    const keep = new URLSearchParams(
      parsed.success
        ? Object.entries(parsed.data).filter(
            (entry): entry is [string, string] => entry[0] !== 'lang' && Boolean(entry[1]),
          )
        : [],
    );
    const main = directoryMain(shown, all, filters, {
      ...choice,
      ...(parsed.success && parsed.data.maxFee ? { rawMaxFee: parsed.data.maxFee } : {}),
      invalid: !parsed.success,
    });
    const page = publicShell(
      choice,
      { title: t.directoryTitle, description: t.directoryIntro, path: '/doctors', query: keep },
      assets,
      appUrl,
      main,
    );
    // A filter that was not understood is the visitor's to correct: said on the page, with 400.
    return sendPage(reply, choice, page, parsed.success ? 200 : 400);
  });

  app.get<{ Params: { slug: string } }>('/doctors/:slug', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const parsed = publicDoctorQuerySchema.safeParse(query);
    const choice = languageOf(request, parsed.success ? parsed.data.lang : undefined);
    const t = PUBLIC_COPY[choice.locale];
    const path = `/doctors/${request.params.slug}`;
    const doctor = doctorSlugSchema.safeParse(request.params.slug).success
      ? (await doctors.list({ slug: request.params.slug }, choice.locale))[0]
      : undefined;
    if (!doctor) {
      const page = publicShell(
        choice,
        { title: t.notFoundTitle, description: t.notFound, path },
        assets,
        appUrl,
        notFoundMain(choice.locale, choice.explicit),
      );
      return sendPage(reply, choice, page, 404);
    }
    const specialtyNames = doctor.specialties.map((c) => specialtyName(c, choice.locale));
    const photo = photoPath(doctor);
    const free = await freeTimesOf(doctors, doctor, clock());
    const page = publicShell(
      choice,
      {
        title: `${doctor.name} – ${specialtyNames.join(', ')}`,
        description: doctor.bio ?? `${doctor.name} – ${specialtyNames.join(', ')}`,
        path,
        jsonLd: physicianJsonLd(doctor, {
          url: pageUrl(appUrl, path, choice.locale),
          ...(photo ? { photoUrl: `${appUrl}${photo}` } : {}),
          specialtyNames,
        }),
      },
      assets,
      appUrl,
      doctorMain(doctor, free, choice),
    );
    return sendPage(reply, choice, page);
  });

  app.get<{ Params: { slug: string } }>('/doctors/:slug/photo', async (request, reply) => {
    const doctor = doctorSlugSchema.safeParse(request.params.slug).success
      ? (await doctors.list({ slug: request.params.slug }))[0]
      : undefined;
    if (!doctor?.photoUrl) return reply.status(404).type('text/plain').send('Not found');
    const photo = await photos.photo(doctor._id);
    reply.header('etag', photo.etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === photo.etag) return reply.status(304).send();
    return reply.type(photo.contentType).send(photo.bytes);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const slugs = (await doctors.list()).map((d) => d.slug);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(sitemapXml(appUrl, slugs));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(appUrl)),
  );
};
