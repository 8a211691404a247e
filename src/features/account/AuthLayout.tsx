import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/LanguageMenu';
import { Logo, PRODUCT_NAME } from '../../ui/Logo';
import './login.css';

function HeroArt() {
  // A rooftop PV array, a storage cabinet and the energy flowing between them: drawn inline, no images.
  return (
    <svg className="login-hero__art" viewBox="0 0 420 260" aria-hidden="true">
      <defs>
        <linearGradient id="login-panel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3ad1a0" stopOpacity="0.95" />
          <stop offset="1" stopColor="#14806f" stopOpacity="0.95" />
        </linearGradient>
        <linearGradient id="login-cabinet" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2fbf8" />
          <stop offset="1" stopColor="#cfe9e2" />
        </linearGradient>
      </defs>
      <circle cx="352" cy="52" r="26" fill="#ffd54a" />
      <circle cx="352" cy="52" r="40" fill="#ffd54a" opacity="0.15" />
      <g transform="translate(24 92) skewX(-18)">
        {[0, 1, 2].map((row) =>
          [0, 1, 2, 3].map((col) => (
            <rect
              key={`${row}-${col}`}
              x={col * 46}
              y={row * 30}
              width="42"
              height="26"
              rx="3"
              fill="url(#login-panel)"
              stroke="#7de8c6"
              strokeOpacity="0.5"
            />
          )),
        )}
      </g>
      <path d="M120 200 H 250" stroke="#7de8c6" strokeWidth="3" strokeDasharray="6 8" className="login-hero__flow" />
      <g transform="translate(262 120)">
        <rect width="92" height="120" rx="10" fill="url(#login-cabinet)" />
        <rect x="14" y="16" width="64" height="10" rx="5" fill="#0f9f6e" opacity="0.25" />
        <rect x="14" y="16" width="48" height="10" rx="5" fill="#0f9f6e" />
        <rect x="14" y="38" width="64" height="66" rx="6" fill="none" stroke="#0f9f6e" strokeOpacity="0.35" strokeWidth="2" />
        <path d="M48 52l-10 16h9l-4 14 12-18h-9l3-12z" fill="#0f9f6e" />
      </g>
      <path d="M10 244 H 410" stroke="#ffffff" strokeOpacity="0.18" strokeWidth="2" />
    </svg>
  );
}

/**
 * The frame of the public pages (login, registration, password and user-name recovery): the product's
 * story on the left, the page's card on the right with the language menu; on a phone only the card.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  cardClassName,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A wider card for a page of text (the privacy policy). */
  cardClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="login">
      <section className="login-hero" aria-hidden="false">
        <div className="login-hero__brand">
          <Logo size={40} />
          <span>{PRODUCT_NAME}</span>
        </div>
        <div className="login-hero__body">
          <h2>{t('login:hero.headline')}</h2>
          <p>{t('login:hero.text')}</p>
          <HeroArt />
          <ul>
            <li>{t('login:hero.monitoring')}</li>
            <li>{t('login:hero.fleet')}</li>
            <li>{t('login:hero.service')}</li>
          </ul>
        </div>
        <div className="login-hero__foot">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </section>
      <main className="login-main">
        <div className="login-main__top">
          <div className="login-main__brand">
            <Logo size={32} />
            <span>{PRODUCT_NAME}</span>
          </div>
          <LanguageMenu />
        </div>
        <div className={cardClassName ? `login-card ${cardClassName}` : 'login-card'}>
          <h1>{title}</h1>
          {subtitle ? <p className="login-card__subtitle">{subtitle}</p> : null}
          {children}
          {footer}
        </div>
        <div className="login-main__foot">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </main>
    </div>
  );
}
