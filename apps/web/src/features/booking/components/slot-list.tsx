import { cn } from '../../../lib/cn';

/** Step 3: one button per free time, named by the time (spec §2). */
export function SlotList({
  slots,
  selectedSlot,
  onSelect,
}: {
  slots: string[];
  selectedSlot: string | null;
  onSelect: (slot: string) => void;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-3">
      {slots.map((slot) => (
        <li key={slot}>
          <button
            type="button"
            aria-pressed={slot === selectedSlot}
            onClick={() => onSelect(slot)}
            className={cn(
              'min-h-11 w-full rounded-lg border text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2',
              slot === selectedSlot
                ? 'border-teal-700 bg-teal-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
            )}
          >
            {slot}
          </button>
        </li>
      ))}
    </ul>
  );
}
