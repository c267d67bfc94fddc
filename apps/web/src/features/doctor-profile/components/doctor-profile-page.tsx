import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@vizita/shared/constants';
import {
  DOCTOR_BIO_MAX,
  updateDoctorProfileSchema,
  type DoctorOwnProfile,
} from '@vizita/shared/contracts/doctor-profile';
import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import { SPECIALTY_CODES } from '@vizita/shared/domain/specialties';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldLabel } from '../../../components/ui/field-label';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { controlClasses, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import {
  useDoctorProfile,
  useRemovePhoto,
  useUpdateDoctorProfile,
  useUploadPhoto,
} from '../api/doctor-profile';

const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

function CheckboxGroup({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                )
              }
              className="size-4 accent-teal-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ProfileForm({ profile }: { profile: DoctorOwnProfile }) {
  const { t } = useTranslation('doctor');
  const { t: tValidation } = useTranslation('validation');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const bioId = useId();
  const [title, setTitle] = useState(profile.title);
  const [specialties, setSpecialties] = useState(profile.specialties);
  const [languages, setLanguages] = useState(profile.languages);
  const [bios, setBios] = useState<Partial<Record<Locale, string>>>(profile.bios);
  const [experience, setExperience] = useState(
    profile.experienceYears === null ? '' : String(profile.experienceYears),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateDoctorProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = updateDoctorProfileSchema.safeParse({
      title,
      specialties,
      languages,
      bios,
      experienceYears: experience === '' ? null : Number(experience),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const where = String(issue.path[0]);
      setProblem(
        where === 'specialties'
          ? t('profile.specialtiesInvalid')
          : where === 'languages'
            ? t('profile.languagesInvalid')
            : tValidation(issue.message as 'invalidValue'),
      );
      return;
    }
    setProblem(null);
    save.mutate(checked.data);
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="profile-form" className="space-y-4">
        <h2 id="profile-form" className="text-lg font-semibold text-slate-900">
          {t('profile.publicHeading')}
        </h2>
        <TextField
          label={t('profile.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <CheckboxGroup
          legend={t('profile.specialties')}
          options={SPECIALTY_CODES.map((code) => ({
            value: code,
            label: specialtyNames([code]),
          })).sort((a, b) => a.label.localeCompare(b.label))}
          chosen={specialties}
          onChange={setSpecialties}
        />
        <CheckboxGroup
          legend={t('profile.languages')}
          options={CONSULTATION_LANGUAGES.map((code) => ({
            value: code,
            label: languageNames([code]),
          }))}
          chosen={languages}
          onChange={setLanguages}
        />
        {LOCALES.map((locale) => (
          <div key={locale} className="space-y-1.5">
            <FieldLabel htmlFor={`${bioId}-${locale}`}>
              {t('profile.bio', { language: languageNames([locale]) })}
            </FieldLabel>
            <textarea
              id={`${bioId}-${locale}`}
              rows={3}
              maxLength={DOCTOR_BIO_MAX}
              value={bios[locale] ?? ''}
              onChange={(e) => setBios({ ...bios, [locale]: e.target.value })}
              className={controlClasses(false)}
            />
          </div>
        ))}
        <TextField
          label={t('profile.experience')}
          type="number"
          min={0}
          max={70}
          value={experience}
          onChange={(e) => setExperience(e.target.value)}
        />
        {problem && <Alert tone="error">{problem}</Alert>}
        {save.isError && <Alert tone="error">{t('profile.failed')}</Alert>}
        {save.isSuccess && <Alert tone="success">{t('profile.saved')}</Alert>}
        <Button type="submit" busy={save.isPending}>
          {t('profile.save')}
        </Button>
      </form>
    </Card>
  );
}

function PhotoCard({ profile }: { profile: DoctorOwnProfile }) {
  const { t } = useTranslation('doctor');
  const fileId = useId();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const failure = upload.isError
    ? isApiError(upload.error) && upload.error.code === 'photoTooLarge'
      ? t('profile.photoTooLarge')
      : isApiError(upload.error) && upload.error.code === 'photoDimensionsInvalid'
        ? t('profile.photoDimensions')
        : t('profile.photoType')
    : null;
  return (
    <Card>
      <section aria-labelledby="photo-heading" className="space-y-3">
        <h2 id="photo-heading" className="text-lg font-semibold text-slate-900">
          {t('profile.photo')}
        </h2>
        {profile.photoUrl ? (
          <img
            src={profile.photoUrl}
            alt={t('profile.photoAlt')}
            className="size-32 rounded-full object-cover"
          />
        ) : (
          <p className="text-sm text-slate-700">{t('profile.noPhoto')}</p>
        )}
        <div className="space-y-1.5">
          <FieldLabel htmlFor={fileId}>{t('profile.photoChoose')}</FieldLabel>
          <input
            id={fileId}
            type="file"
            accept={PHOTO_ACCEPT}
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
            }}
            className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-medium"
          />
          <p id={`${fileId}-hint`} className="text-xs text-slate-600">
            {t('profile.photoHint')}
          </p>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
        {profile.photoUrl && (
          <Button
            variant="secondary"
            busy={remove.isPending}
            onClick={() => remove.mutate(undefined)}
          >
            {t('profile.photoRemove')}
          </Button>
        )}
      </section>
    </Card>
  );
}

/** /doctor/profile — what patients see of the doctor on the booking page. */
export function DoctorProfilePage() {
  const { t } = useTranslation('doctor');
  const profile = useDoctorProfile();
  let content;
  if (profile.data)
    content = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ProfileForm profile={profile.data} />
        <PhotoCard profile={profile.data} />
      </div>
    );
  else if (profile.isError)
    content = (
      <ErrorState
        message={t('profile.loadFailed')}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  else content = <LoadingState />;
  return (
    <div className="space-y-6">
      <PageTitle title={t('nav.profile')} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('nav.profile')}</h1>
      {content}
    </div>
  );
}
