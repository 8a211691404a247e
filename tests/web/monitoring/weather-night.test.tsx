import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { WeatherCard } from '../../../src/features/monitoring/shared/panels/WeatherCard';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const hour = (iso: string, sun_up: boolean) => ({ hour: iso, temperature_c: 4, cloud_cover: 0.1, condition: 'sunny', sun_up });

describe("the weather card's icons follow the sun at the system (GetWeatherData sun_up)", () => {
  it('a clear sky at 11 PM and 2 AM is a moon and reads "Clear"; at 8 AM the sun is back', async () => {
    signIn(['customer']);
    // Berlin: 22:00Z is 11 PM, 01:00Z 2 AM, 07:00Z 8 AM.
    const hours = [
      hour('2026-03-01T22:00:00.000Z', false),
      ...Array.from({ length: 12 }, (_, i) => hour(new Date(Date.parse('2026-03-01T23:00:00Z') + i * 3_600_000).toISOString(), i >= 8)),
    ];
    server.use(
      http.post('/api/ESS/GetWeatherData', () =>
        HttpResponse.json(envelope(200, { sn: 'ESS-1', time_zone: 'Europe/Berlin', current: hours[0], hours })),
      ),
      http.post('/api/Power/PredictivePower', () => new Promise<never>(() => {})),
    );
    const { container } = renderAt(<WeatherCard sn="ESS-1" />);
    expect(await screen.findByText(/^Clear ·/)).toBeInTheDocument();
    expect(container.querySelector('.monitor-weather__now svg')?.getAttribute('data-icon')).toBe('moon');
    const upcoming = [...container.querySelectorAll('.monitor-weather__hour')].map(
      (slot) => `${slot.querySelector('span')?.textContent} ${slot.querySelector('svg')?.getAttribute('data-icon')}`,
    );
    expect(upcoming).toEqual(['2:00 AM moon', '5:00 AM moon', '8:00 AM sun', '11:00 AM sun']);
  });
});
