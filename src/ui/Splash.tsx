import { Logo } from './Logo';

/** The loading splash (spec §2: the root shows it while the session is prepared). Plain CSS, no antd. */
export function Splash({ label }: { label?: string }) {
  return (
    <div className="ess-splash" role="status" aria-live="polite">
      <div className="ess-splash__mark">
        <Logo size={56} />
      </div>
      <div className="ess-splash__bar" aria-hidden="true">
        <span />
      </div>
      {label ? <div className="ess-splash__label">{label}</div> : null}
    </div>
  );
}
