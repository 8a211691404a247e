import type { WeatherCondition } from '../../../../../contract/monitoring';

const SUN = '#f5a623';
const CLOUD = '#9fb3c8';
const MOON = '#c9b458';

function Cloud({ dark = false }: { dark?: boolean }) {
  return <path d="M9 24h15a6 6 0 0 0 0-12 8 8 0 0 0-15.3 2.2A5 5 0 0 0 9 24z" fill={dark ? '#7b8fa3' : CLOUD} />;
}

/** A crescent moon where the sun would be. */
function Moon() {
  return <path d="M19 7a9 9 0 1 0 7.5 13.5A7.5 7.5 0 0 1 19 7z" fill={MOON} />;
}

/** Small drawn weather icons (no external asset); at `night` a moon instead of the sun. */
export function WeatherIcon({ condition, size = 32, night = false }: { condition: WeatherCondition; size?: number; night?: boolean }) {
  const clearSky = condition === 'sunny' || condition === 'partly_cloudy';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden data-icon={clearSky ? (night ? 'moon' : 'sun') : condition}>
      {clearSky && night ? (
        <g transform={condition === 'partly_cloudy' ? 'translate(-3 -4)' : undefined}>
          <Moon />
        </g>
      ) : null}
      {clearSky && !night ? (
        <g transform={condition === 'partly_cloudy' ? 'translate(-3 -4)' : undefined}>
          <circle cx="16" cy="16" r="6" fill={SUN} />
          {Array.from({ length: 8 }, (_, i) => {
            const a = (i * Math.PI) / 4;
            return (
              <line
                key={i}
                x1={16 + Math.cos(a) * 9}
                y1={16 + Math.sin(a) * 9}
                x2={16 + Math.cos(a) * 12}
                y2={16 + Math.sin(a) * 12}
                stroke={SUN}
                strokeWidth="2"
                strokeLinecap="round"
              />
            );
          })}
        </g>
      ) : null}
      {condition === 'sunny' ? null : <Cloud dark={condition === 'overcast' || condition === 'rain' || condition === 'snow'} />}
      {condition === 'rain'
        ? [11, 16, 21].map((x) => (
            <line key={x} x1={x} y1="26" x2={x - 1.5} y2="30" stroke="#5b8def" strokeWidth="2" strokeLinecap="round" />
          ))
        : null}
      {condition === 'snow' ? [11, 16, 21].map((x) => <circle key={x} cx={x} cy="28" r="1.5" fill="#8fb8e8" />) : null}
    </svg>
  );
}
