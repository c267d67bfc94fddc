import { CONSULTATION_LANGUAGES } from '@vizita/shared/contracts/doctors';
import type { OnDemandOptions } from '@vizita/shared/contracts/on-demand';
import { isSpecialtyCode } from '@vizita/shared/domain/specialties';

type Available = OnDemandOptions['availableNow'][number];

/** Whether a doctor of `specialty` who speaks `language` is available now. */
export function availableFor(
  options: Pick<OnDemandOptions, 'availableNow'>,
  specialty: string,
  language: string,
): Available | undefined {
  return options.availableNow.find(
    (a) => a.specialty === specialty && a.doctors > 0 && a.languages.includes(language),
  );
}

/**
 * What the form starts with: the screen's language (she reads it, so she likely speaks it), and
 * the specialty with the most doctors available now — one who speaks that language if any does.
 * No specialty when nobody is available: she chooses.
 */
export function preselect(
  options: Pick<OnDemandOptions, 'availableNow'>,
  screenLanguage: string,
): { specialty: string; language: string } {
  const language = (CONSULTATION_LANGUAGES as readonly string[]).includes(screenLanguage)
    ? screenLanguage
    : '';
  const open = options.availableNow
    .filter((a) => a.doctors > 0 && isSpecialtyCode(a.specialty))
    .sort((a, b) => b.doctors - a.doctors);
  const best = open.find((a) => a.languages.includes(language)) ?? open[0];
  return { specialty: best?.specialty ?? '', language };
}
