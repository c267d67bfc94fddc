import { useTranslation } from 'react-i18next';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import { UserIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** Step 1: one card per doctor, a button named by the doctor's name (spec §2). */
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
  if (doctors.length === 0)
    return <p className="text-sm text-slate-600">{t('booking.doctor.empty')}</p>;
  return (
    <ul className="space-y-3">
      {doctors.map((doctor) => {
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
                  <span className="block">{doctor.specialties.join(', ')}</span>
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
  );
}
