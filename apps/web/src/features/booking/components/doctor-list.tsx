import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import { UserIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { cn } from '../../../lib/cn';
import { formatShortDateTime } from '../../../lib/dates';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';

const ANY = '';

/** Filters by specialty and by language spoken, from what the listed doctors offer. */
function DoctorFilters({
  doctors,
  specialty,
  language,
  onSpecialty,
  onLanguage,
}: {
  doctors: Doctor[];
  specialty: string;
  language: string;
  onSpecialty: (value: string) => void;
  onLanguage: (value: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const specialties = [...new Set(doctors.flatMap((d) => d.specialties))]
    .map((code) => ({ code, name: specialtyNames([code]) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const languages = [...new Set(doctors.flatMap((d) => d.languages))]
    .map((code) => ({ code, name: languageNames([code]) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // Side by side only when the doctor column itself is wide enough for "Всички специалности" and
  // its chevron: a container query, since at 1280 px the column is a third of the page (issue #23:
  // the viewport's width had them cut to "All speci…").
  return (
    <div className="@container mb-3">
      <div className="grid gap-3 @md:grid-cols-2">
        <SelectField
          label={t('booking.doctor.filterSpecialty')}
          value={specialty}
          onChange={(e) => onSpecialty(e.target.value)}
        >
          <option value={ANY}>{t('booking.doctor.anySpecialty')}</option>
          {specialties.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('booking.doctor.filterLanguage')}
          value={language}
          onChange={(e) => onLanguage(e.target.value)}
        >
          <option value={ANY}>{t('booking.doctor.anyLanguage')}</option>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/**
 * Step 1: one card per doctor, a button named by the doctor's name (spec §2), with specialties in
 * the reader's language, the languages spoken, the next free slot (in the reader's own time), and
 * filters by specialty and language.
 */
export function DoctorList({
  doctors,
  selectedId,
  onSelect,
}: {
  doctors: Doctor[];
  selectedId: string | null;
  onSelect: (doctor: Doctor) => void;
}) {
  const { t } = useTranslation('appointments');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const [specialty, setSpecialty] = useState(ANY);
  const [language, setLanguage] = useState(ANY);
  if (doctors.length === 0)
    return <p className="text-sm text-slate-600">{t('booking.doctor.empty')}</p>;
  const shown = doctors.filter(
    (d) =>
      (specialty === ANY || d.specialties.includes(specialty)) &&
      (language === ANY || d.languages.includes(language)),
  );
  return (
    <>
      <DoctorFilters
        doctors={doctors}
        specialty={specialty}
        language={language}
        onSpecialty={setSpecialty}
        onLanguage={setLanguage}
      />
      {shown.length === 0 && (
        <p role="status" className="text-sm text-slate-600">
          {t('booking.doctor.noMatch')}
        </p>
      )}
      <ul className="space-y-3">
        {shown.map((doctor) => {
          const selected = doctor._id === selectedId;
          // Named by its whole visible content (name, specialties, experience): a name that left out
          // visible text would fail WCAG 2.5.3 (label in name) for speech-input users.
          return (
            <li key={doctor._id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(doctor)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2',
                  selected
                    ? 'border-teal-600 bg-teal-50'
                    : 'border-slate-200 bg-white hover:border-teal-300 hover:bg-slate-50',
                )}
              >
                {doctor.photoUrl ? (
                  <img
                    src={doctor.photoUrl}
                    alt=""
                    className="size-12 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                    <UserIcon />
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{doctor.name}</span>
                  <span className="block text-sm text-slate-600">
                    <span className="block">{specialtyNames(doctor.specialties)}</span>
                    {doctor.languages.length > 0 && (
                      <span className="block">
                        {t('booking.doctor.languages', {
                          languages: languageNames(doctor.languages),
                        })}
                      </span>
                    )}
                    <span className="block">
                      {doctor.nextAvailable
                        ? t('booking.doctor.nextFree', {
                            when: formatShortDateTime(doctor.nextAvailable.startsAt) ?? '',
                          })
                        : t('booking.doctor.noneSoon')}
                    </span>
                    {doctor.bio && <span className="mt-1 block text-slate-700">{doctor.bio}</span>}
                    {doctor.experience !== undefined && (
                      <span className="block">
                        {t('booking.doctor.experience', { years: doctor.experience })}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
