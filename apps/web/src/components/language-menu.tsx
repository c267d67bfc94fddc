import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_ENDONYMS, LOCALES, type Locale } from '@vizita/shared/constants';
import { changeLocale } from '../lib/i18n';
import { isLocale } from '@vizita/shared/constants';
import { Flag } from './ui/flags';
import { ChevronDownIcon } from './ui/icons';

/**
 * The language dropdown of the top bar (spec §2 Dashboard layout): shows the current code in
 * upper case; a menu of locales with flag and each one's own name (LOCALE_ENDONYMS); closes on outside click or Escape. Keyboard:
 * the WAI-ARIA menu button pattern (arrows move, Home/End jump, Escape returns to the button).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('language');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const current: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;

  const openAt = (index: number) => {
    setActiveIndex((index + LOCALES.length) % LOCALES.length);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(LOCALES.indexOf(current));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(LOCALES.length - 1);
    }
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        openAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        openAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        openAt(0);
        break;
      case 'End':
        event.preventDefault();
        openAt(LOCALES.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const choose = (locale: Locale) => {
    close(true);
    void changeLocale(locale);
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('button', { code: current.toUpperCase() })}
        onClick={() => (open ? close(false) : openAt(LOCALES.indexOf(current)))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        <Flag locale={current} />
        <span>{current.toUpperCase()}</span>
        <ChevronDownIcon width={16} height={16} className={open ? 'rotate-180' : undefined} />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('menu')}
          className="absolute right-0 z-40 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {LOCALES.map((locale, index) => (
            <li key={locale} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={locale === current}
                tabIndex={index === activeIndex ? 0 : -1}
                onClick={() => choose(locale)}
                onKeyDown={(event) => onItemKeyDown(event, index)}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-teal-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 aria-checked:font-semibold"
              >
                <Flag locale={locale} />
                <span className="flex-1" lang={locale}>
                  {LOCALE_ENDONYMS[locale]}
                </span>
                <span aria-hidden="true" className="text-xs text-slate-600">
                  {locale.toUpperCase()}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
