import { useId } from 'react';
import type { Locale } from '@vizita/shared/constants';

// Flags are drawn inline: emoji flags do not render on Windows, and an image would be a request.
const common = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 20,
  height: 14,
  'aria-hidden': true,
  focusable: false,
  className: 'shrink-0 rounded-[2px] ring-1 ring-slate-300',
} as const;

function UnitedKingdom() {
  // Two flags can be on screen at once (button and menu), so the clip path id must be unique.
  const clipId = useId();
  return (
    <svg {...common} viewBox="0 0 60 30">
      <clipPath id={clipId}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <path d="M0 0v30h60V0z" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path
        d="M0 0l60 30m0-30L0 30"
        clipPath={`url(#${clipId})`}
        stroke="#C8102E"
        strokeWidth="4"
      />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

function Bulgaria() {
  return (
    <svg {...common} viewBox="0 0 5 3">
      <path fill="#fff" d="M0 0h5v1H0z" />
      <path fill="#00966E" d="M0 1h5v1H0z" />
      <path fill="#D62612" d="M0 2h5v1H0z" />
    </svg>
  );
}

function Germany() {
  return (
    <svg {...common} viewBox="0 0 5 3">
      <path fill="#000" d="M0 0h5v1H0z" />
      <path fill="#DD0000" d="M0 1h5v1H0z" />
      <path fill="#FFCE00" d="M0 2h5v1H0z" />
    </svg>
  );
}

export function Flag({ locale }: { locale: Locale }) {
  switch (locale) {
    case 'en':
      return <UnitedKingdom />;
    case 'bg':
      return <Bulgaria />;
    case 'de':
      return <Germany />;
  }
}
