import { useId } from 'react';

/** The product mark: a battery cell charged by the sun, inline so nothing is fetched from elsewhere. */
export const PRODUCT_NAME = 'ESS Portal';

export function Logo({ size = 32, title = PRODUCT_NAME }: { size?: number; title?: string }) {
  // One gradient id per instance: a hidden copy elsewhere on the page must not blank this one.
  const gradient = `ess-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={title} style={{ flex: 'none', display: 'block' }}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#16b47f" />
          <stop offset="1" stopColor="#0a7c8c" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="12" fill={`url(#${gradient})`} />
      <circle cx="33" cy="15" r="5" fill="#ffd54a" />
      <g stroke="#ffd54a" strokeWidth="2" strokeLinecap="round">
        <path d="M33 5.5v2.5M42.5 15H40M39.7 8.3l-1.8 1.8" />
      </g>
      <rect x="11" y="17" width="17" height="24" rx="3.5" fill="none" stroke="#fff" strokeWidth="3" />
      <rect x="16" y="13.5" width="7" height="3.5" rx="1.2" fill="#fff" />
      <path d="M21 22l-5 8h4.5l-2 7 6-9h-4.5l1.5-6z" fill="#fff" />
    </svg>
  );
}
