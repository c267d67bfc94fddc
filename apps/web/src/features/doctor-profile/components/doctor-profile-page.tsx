import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@vizita/shared/constants';
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
import { FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { controlClasses, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useLanguageNames, useSpecialtyNames } from '../../../lib/specialty-name';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm, type FieldProps } from '../../../lib/use-schema-form';
import {
  useDoctorProfile,
  useRemovePhoto,
  useUpdateDoctorProfile,
  useUploadPhoto,
} from '../api/doctor-profile';

const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Choices under one legend; the text of a refusal is the form's (`error`), not the schema's. */
function CheckboxGroup({
  legend,
  options,
  field,
  error,
}: {
  legend: string;
  options: { value: string; label: string }[];
  field: FieldProps<string[]>;
  error: string | undefined;
}) {
  const { value: chosen, onChange } = field;
  return (
    <fieldset aria-describedby={field['aria-describedby']}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={field.name}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                )
              }
              onBlur={field.onBlur}
              className="size-4 accent-teal-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} error={error} />
    </fieldset>
  );
}

type ProfileValues = {
  title: string;
  specialties: string[];
  languages: string[];
  bios: Record<(typeof LOCALES)[number], string>;
  /** Typed as text; empty means not given. */
  experienceYears: string;
};

/** The profile as PUT /api/doctor/profile takes it: an unwritten bio is left out. */
const profileFormSchema = formSchema({
  schema: updateDoctorProfileSchema,
  toInput: ({ bios, experienceYears, ...rest }: ProfileValues) => ({
    ...rest,
    bios: Object.fromEntries(Object.entries(bios).filter(([, text]) => text !== '')),
    experienceYears: experienceYears === '' ? null : Number(experienceYears),
  }),
});

function ProfileForm({ profile }: { profile: DoctorOwnProfile }) {
  const { t } = useTranslation('doctor');
  const specialtyNames = useSpecialtyNames();
  const languageNames = useLanguageNames();
  const bioId = useId();
  const form = useSchemaForm({
    schema: profileFormSchema,
    defaultValues: {
      title: profile.title,
      specialties: profile.specialties,
      languages: profile.languages,
      bios: {
        en: profile.bios.en ?? '',
        bg: profile.bios.bg ?? '',
        de: profile.bios.de ?? '',
      },
      experienceYears: profile.experienceYears === null ? '' : String(profile.experienceYears),
    },
  });
  const save = useUpdateDoctorProfile();
  const specialties = form.field('specialties');
  const languages = form.field('languages');

  const submit = form.handleSubmit((body) => save.mutate(body));

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="profile-form"
        className="space-y-4"
      >
        <h2 id="profile-form" className="text-lg font-semibold text-slate-900">
          {t('profile.publicHeading')}
        </h2>
        <TextField label={t('profile.title')} {...form.field('title')} />
        <CheckboxGroup
          legend={t('profile.specialties')}
          options={SPECIALTY_CODES.map((code) => ({
            value: code,
            label: specialtyNames([code]),
          })).sort((a, b) => a.label.localeCompare(b.label))}
          field={specialties}
          error={specialties.error && t('profile.specialtiesInvalid')}
        />
        <CheckboxGroup
          legend={t('profile.languages')}
          options={CONSULTATION_LANGUAGES.map((code) => ({
            value: code,
            label: languageNames([code]),
          }))}
          field={languages}
          error={languages.error && t('profile.languagesInvalid')}
        />
        {LOCALES.map((locale) => {
          const { error, errorId, ...bio } = form.field(`bios.${locale}`);
          return (
            <div key={locale} className="space-y-1.5">
              <FieldLabel htmlFor={`${bioId}-${locale}`}>
                {t('profile.bio', { language: languageNames([locale]) })}
              </FieldLabel>
              <textarea
                id={`${bioId}-${locale}`}
                rows={3}
                maxLength={DOCTOR_BIO_MAX}
                {...bio}
                className={controlClasses(Boolean(error))}
              />
              <FieldError id={errorId} error={error} />
            </div>
          );
        })}
        <TextField
          label={t('profile.experience')}
          type="number"
          min={0}
          max={70}
          {...form.field('experienceYears')}
        />
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
