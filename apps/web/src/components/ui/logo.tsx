import { useTranslation } from 'react-i18next';

/** The Vizita mark and word; decorative mark, readable name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg
        viewBox="0 0 32 32"
        width={32}
        height={32}
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path
          d="M9 10l7 13 7-13"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* On the smallest phones (320 px) the top bar's buttons need the word's room: below 360 px
          only the mark shows. The word stays for screen readers (and the logo's link has a name). */}
      <span className="max-[359px]:sr-only">{t('appName')}</span>
    </span>
  );
}
