import { type Locale } from '@vizita/shared/constants';
import { CONSULTATION_LANGUAGES, type Doctor } from '@vizita/shared/contracts/doctors';
import { WITHIN_DAYS } from '@vizita/shared/contracts/public-doctors';
import { bookingLinkPath } from '@vizita/shared/domain/booking-link';
import { SPECIALTY_CODES, specialtyName } from '@vizita/shared/domain/specialties';
import { html, type SafeHtml } from '../../lib/html.ts';
import { formatMoney } from '../appointments/appointment-mails.ts';
import { fill, plural, PUBLIC_COPY, type PublicCopy } from './copy.ts';
import { placeOf, type DirectoryFilters } from './directory.ts';

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);

/** Languages spoken, named in the reader's language ("Bulgarisch, Englisch"). */
export function languageNames(codes: readonly string[], locale: Locale): string {
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'language' });
  return codes.map((code) => names.of(code) ?? code).join(', ');
}

const placeName = (doctor: Doctor, t: PublicCopy) =>
  [doctor.city, doctor.country && t.countries[doctor.country as keyof PublicCopy['countries']]]
    .filter(Boolean)
    .join(', ');

/** "Mon, 30 Nov, 09:00 EET" — in the doctor's zone, named, since the reader's is not known. */
function slotLabel(startsAt: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

/** The public address of a doctor's photo: by slug, never by the account's id. */
export const photoPath = (doctor: Doctor) =>
  doctor.photoUrl
    ? `/doctors/${doctor.slug}/photo${/\?v=\d+$/.exec(doctor.photoUrl)?.[0] ?? ''}`
    : undefined;

function photo(doctor: Doctor, size: 'small' | 'large') {
  const path = photoPath(doctor);
  const box = size === 'large' ? 'size-32' : 'size-16';
  const initials = doctor.name
    .split(' ')
    .slice(-2)
    .map((part) => part[0] ?? '')
    .join('');
  // Decorative: the name is beside it.
  return path
    ? html`<img
        src="${path}"
        alt=""
        width="${size === 'large' ? 128 : 64}"
        height="${size === 'large' ? 128 : 64}"
        class="${box} shrink-0 rounded-full object-cover"
      />`
    : html`<span
        aria-hidden="true"
        class="${box} flex shrink-0 items-center justify-center rounded-full bg-teal-100 text-xl font-semibold text-teal-900"
        >${initials}</span
      >`;
}

const withLang = (path: string, locale: Locale, explicit: boolean) =>
  explicit ? `${path}${path.includes('?') ? '&' : '?'}lang=${locale}` : path;

function select(
  name: string,
  label: string,
  options: { value: string; label: string }[],
  chosen: string | undefined,
) {
  return html`<div class="space-y-1">
    <label for="f-${name}" class="block text-sm font-medium text-slate-800">${label}</label>
    <select
      id="f-${name}"
      name="${name}"
      class="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
    >
      ${options.map((o) => html`<option value="${o.value}" ${o.value === (chosen ?? '') ? html` selected` : ''}>${o.label}</option>`)}
    </select>
  </div>`;
}

/** The directory's filter form: a plain GET form, whole without script. */
function filterForm(
  filters: DirectoryFilters,
  all: Doctor[],
  locale: Locale,
  explicit: boolean,
  rawMaxFee: string | undefined,
) {
  const t = PUBLIC_COPY[locale];
  const specialtiesOffered = SPECIALTY_CODES.filter((code) =>
    all.some((d) => d.specialties.includes(code)),
  );
  const languagesSpoken = CONSULTATION_LANGUAGES.filter((code) =>
    all.some((d) => d.languages.includes(code)),
  );
  const places = [...new Set(all.flatMap((d) => (d.country ? [d.country, placeOf(d)!] : [])))]
    .sort()
    .map((value) => {
      const [country, city] = value.split('/') as [keyof PublicCopy['countries'], string?];
      const countryName = t.countries[country] ?? country;
      return { value, label: city ? `${city}, ${countryName}` : countryName };
    });
  return html`<form
    method="get"
    action="/doctors"
    aria-labelledby="filters-heading"
    class="mb-6 rounded-xl border border-slate-200 bg-white p-4"
  >
    <h2 id="filters-heading" class="mb-3 text-lg font-semibold">${t.filters}</h2>
    ${explicit ? html`<input type="hidden" name="lang" value="${locale}" />` : ''}
    <div class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      ${select(
        'specialty',
        t.specialty,
        [
          { value: '', label: t.allSpecialties },
          ...specialtiesOffered.map((code) => ({
            value: code,
            label: specialtyName(code, locale),
          })),
        ],
        filters.specialty,
      )}
      ${select(
        'language',
        t.language,
        [
          { value: '', label: t.allLanguages },
          ...languagesSpoken.map((code) => ({ value: code, label: languageNames([code], locale) })),
        ],
        filters.language,
      )}
      ${select('place', t.place, [{ value: '', label: t.allPlaces }, ...places], filters.place)}
      ${select(
        'within',
        t.within,
        [
          { value: '', label: t.anyTime },
          ...WITHIN_DAYS.map((days) => ({ value: String(days), label: t.withinDays[days] })),
        ],
        filters.within === undefined ? undefined : String(filters.within),
      )}
      <div class="space-y-1">
        <label for="f-maxFee" class="block text-sm font-medium text-slate-800">${t.maxFee}</label>
        <input
          id="f-maxFee"
          name="maxFee"
          inputmode="decimal"
          value="${rawMaxFee ?? ''}"
          class="w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
        />
      </div>
    </div>
    <div class="mt-4 flex flex-wrap items-center gap-4">
      <button
        type="submit"
        class="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
      >
        ${t.show}
      </button>
      <a href="${withLang('/doctors', locale, explicit)}" class="text-sm text-teal-800 underline"
        >${t.reset}</a
      >
    </div>
  </form>`;
}

function doctorCard(doctor: Doctor, locale: Locale, explicit: boolean) {
  const t = PUBLIC_COPY[locale];
  const href = withLang(`/doctors/${doctor.slug}`, locale, explicit);
  const place = placeName(doctor, t);
  return html`<li class="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
    ${photo(doctor, 'small')}
    <div class="min-w-0 space-y-1">
      <h3 class="text-lg font-semibold">
        <a href="${href}" class="text-teal-800 underline-offset-2 hover:underline"
          >${doctor.name}</a
        >
      </h3>
      <p class="text-sm text-slate-700">
        ${doctor.specialties.map((c) => specialtyName(c, locale)).join(', ')}
      </p>
      <p class="text-sm text-slate-700">
        ${[
          doctor.languages.length > 0 &&
            `${t.languages}: ${languageNames(doctor.languages, locale)}`,
          place,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p class="text-sm text-slate-700">
        ${fill(t.perConsultation, { fee: formatMoney(doctor.fee.amountMinor, doctor.fee.currency, locale) })}
      </p>
      <p class="text-sm font-medium text-slate-900">
        ${doctor.nextAvailable ? html`${t.nextFree}: <time datetime="${doctor.nextAvailable.startsAt}">${slotLabel(doctor.nextAvailable.startsAt, doctor.timeZone, locale)}</time>` : t.noneFree}
      </p>
    </div>
  </li>`;
}

/** /doctors: the filters and the doctors they let through. */
export function directoryMain(
  shown: Doctor[],
  all: Doctor[],
  filters: DirectoryFilters,
  {
    locale,
    explicit,
    rawMaxFee,
    invalid,
  }: {
    locale: Locale;
    explicit: boolean;
    rawMaxFee?: string;
    /** A filter that was not understood: said, and left out. */
    invalid?: boolean;
  },
): SafeHtml {
  const t = PUBLIC_COPY[locale];
  return html`<h1 class="mb-2 text-2xl font-bold">${t.directoryTitle}</h1>
    <p class="mb-6 max-w-3xl text-slate-700">${t.directoryIntro}</p>
    ${invalid ? html`<p role="alert" class="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">${t.invalidFilter}</p>` : ''}
    ${filterForm(filters, all, locale, explicit, rawMaxFee)}
    <h2 class="mb-3 text-lg font-semibold" id="results-heading">
      ${plural(t.results, shown.length, locale)}
    </h2>
    ${
      shown.length === 0
        ? html`<p class="text-slate-700">${t.none}</p>`
        : html`<ul aria-labelledby="results-heading" class="grid gap-4 md:grid-cols-2">
            ${shown.map((d) => doctorCard(d, locale, explicit))}
          </ul>`
    }`;
}

/** One day's heading on the doctor's page: "Monday, 30 November". */
function dayLabel(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The link that books a time: the app carries it through sign-in or registration (issue #22). */
export const bookingPath = (doctor: Doctor, startsAt: string, locale: Locale) =>
  bookingLinkPath({ slug: doctor.slug, at: startsAt, lang: locale });

/** /doctors/<slug>: who the doctor is, what a consultation costs, and the next free times. */
export function doctorMain(
  doctor: Doctor,
  freeDays: { date: string; times: { slot: string; startsAt: string }[] }[],
  { locale, explicit }: { locale: Locale; explicit: boolean },
): SafeHtml {
  const t = PUBLIC_COPY[locale];
  const place = placeName(doctor, t);
  const zone = new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: doctor.timeZone,
    timeZoneName: 'long',
  })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value;
  return html`<p class="mb-4 text-sm">
      <a href="${withLang('/doctors', locale, explicit)}" class="text-teal-800 underline"
        >← ${t.allDoctors}</a
      >
    </p>
    <article class="space-y-6">
      <div
        class="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
      >
        ${photo(doctor, 'large')}
        <div class="space-y-1">
          <h1 class="text-2xl font-bold">${doctor.name}</h1>
          <p class="text-slate-800">
            ${doctor.specialties.map((c) => specialtyName(c, locale)).join(', ')}
          </p>
          ${doctor.languages.length > 0 ? html`<p class="text-sm text-slate-700">${t.languages}: ${languageNames(doctor.languages, locale)}</p>` : ''}
          ${place ? html`<p class="text-sm text-slate-700">${t.practisesIn}: ${place}</p>` : ''}
          ${doctor.experience !== undefined ? html`<p class="text-sm text-slate-700">${plural(t.experience, doctor.experience, locale)}</p>` : ''}
          <p class="font-medium">
            ${t.fee}: ${formatMoney(doctor.fee.amountMinor, doctor.fee.currency, locale)}
          </p>
        </div>
      </div>
      ${
        doctor.bio
          ? html`<section
              aria-labelledby="about-heading"
              class="rounded-xl border border-slate-200 bg-white p-5"
            >
              <h2 id="about-heading" class="mb-2 text-lg font-semibold">${t.about}</h2>
              <p class="text-slate-800">${doctor.bio}</p>
            </section>`
          : ''
      }
      <section
        aria-labelledby="times-heading"
        class="rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="times-heading" class="mb-2 text-lg font-semibold">${t.freeTimes}</h2>
        ${
          freeDays.length === 0
            ? html`<p class="text-slate-700">${t.noFreeTimes}</p>`
            : html`<p class="mb-4 text-sm text-slate-700">
                  ${fill(t.freeTimesIntro, { zone: zone ?? doctor.timeZone })}
                </p>
                <div class="space-y-4">
                  ${freeDays.map(
                    (day) =>
                      html`<div>
                        <h3 class="mb-2 font-medium">${dayLabel(day.date, locale)}</h3>
                        <ul class="flex flex-wrap gap-2">
                          ${day.times.map(
                            (time) =>
                              html`<li>
                                <a
                                  href="${bookingPath(doctor, time.startsAt, locale)}"
                                  aria-label="${fill(t.bookAt, { time: time.slot, day: dayLabel(day.date, locale) })}"
                                  class="inline-block rounded-lg border border-teal-700 px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
                                  >${time.slot}</a
                                >
                              </li>`,
                          )}
                        </ul>
                      </div>`,
                  )}
                </div>`
        }
      </section>
    </article>`;
}

/** A doctor who is not (or no longer) offered. */
export function notFoundMain(locale: Locale, explicit: boolean): SafeHtml {
  const t = PUBLIC_COPY[locale];
  return html`<h1 class="mb-2 text-2xl font-bold">${t.notFoundTitle}</h1>
    <p class="mb-4 text-slate-700">${t.notFound}</p>
    <p>
      <a href="${withLang('/doctors', locale, explicit)}" class="text-teal-800 underline"
        >${t.allDoctors}</a
      >
    </p>`;
}
