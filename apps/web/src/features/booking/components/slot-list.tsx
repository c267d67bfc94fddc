import { useTranslation } from 'react-i18next';
import type { FreeSlot } from '../../../api/get-free-slots';
import { cn } from '../../../lib/cn';
import { slotForViewer, zoneCity } from '../../../lib/viewer-time';
import { viewerTimeZone } from '../../../lib/viewer-zone';

/**
 * Step 3: one button per free time, named by the time (spec §2) — in the patient's own zone, with
 * the doctor's time beside it when the two differ (a patient in Berlin, a doctor in Sofia).
 */
export function SlotList({
  slots,
  doctorZone,
  selectedSlot,
  onSelect,
  viewerZone = viewerTimeZone(),
}: {
  slots: FreeSlot[];
  doctorZone: string;
  selectedSlot: string | null;
  onSelect: (slot: string) => void;
  viewerZone?: string;
}) {
  const { t } = useTranslation('appointments');
  const shown = slots.map((s) => ({ ...s, ...slotForViewer(s.startsAt, doctorZone, viewerZone) }));
  const anyDiffers = shown.some((s) => s.differs);
  return (
    <>
      {anyDiffers && (
        <p className="mb-2 text-sm text-slate-700">
          {t('booking.slots.ownZone', {
            zone: zoneCity(viewerZone),
            doctorZone: zoneCity(doctorZone),
          })}
        </p>
      )}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-3">
        {shown.map(({ slot, local, differs }) => (
          <li key={slot}>
            <button
              type="button"
              aria-pressed={slot === selectedSlot}
              onClick={() => onSelect(slot)}
              className={cn(
                'min-h-11 w-full rounded-lg border px-1 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2',
                slot === selectedSlot
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
              )}
            >
              {local}
              {differs && (
                <span className="block text-xs font-normal">
                  {t('booking.slots.doctorTime', { time: slot, city: zoneCity(doctorZone) })}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
