import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, setLanguage } from '../i18n';
import './language-menu.css';

/**
 * The language selector of the public pages (spec §1: all four by their own names, the current one
 * disabled), without antd so the login route stays small. The layout uses LanguageSwitcher.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[1];

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="lm" ref={root}>
      <button
        type="button"
        className="lm-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('common:language')}
        onClick={() => setOpen((o) => !o)}
        data-testid="language-switcher"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.6 15.6 0 0 0-1.4-3.9A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.6 15.6 0 0 0 1.4 3.9A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.9C8.9 5.3 8.4 6.6 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.9c.6-1.2 1.1-2.5 1.4-3.9h3a8 8 0 0 1-4.4 3.9Zm1.8-5.9a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z"
            fill="currentColor"
          />
        </svg>
        <span lang={current.code}>{current.label}</span>
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <ul className="lm-list" role="menu">
          {LANGUAGES.map((language) => (
            <li key={language.code} role="none">
              <button
                type="button"
                role="menuitem"
                lang={language.code}
                disabled={language.code === current.code}
                aria-current={language.code === current.code ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  if (isLanguage(language.code)) void setLanguage(language.code);
                }}
              >
                {language.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
