import type { ReactNode } from 'react';

/**
 * The label above a control. A required control shows an asterisk beside the label, outside it
 * and hidden from assistive technology: they hear "required" from the control's own attribute,
 * and the accessible name stays the plain label ("Gender", not "Gender *").
 */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex items-baseline gap-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {children}
      </label>
      {required && (
        <span aria-hidden="true" className="text-sm font-semibold text-red-700">
          *
        </span>
      )}
    </div>
  );
}
