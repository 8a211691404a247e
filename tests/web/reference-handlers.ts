import { http, HttpResponse } from 'msw';
import { countryOptions } from '../../contract/countries';
import { referenceCalls } from '../../contract/reference-calls';

/**
 * The reference data calls (contract/reference-calls.ts: GetCountrycode, GetStatecode, GetCitycode) as the server
 * answers them, for every web test: each country field of the portal asks for them (src/features/reference).
 * Countries by Intl's names like the server; a few states and cities of Germany.
 */
export const referenceHandlers = [
  http.get(`*/api${referenceCalls.countries.path}`, ({ request }) => {
    const language = new URL(request.url).searchParams.get('language') ?? 'en';
    const data = countryOptions(language.split('-')[0]!).map(({ value, label }) => ({ code: value, name: label, flag: '', phoneCode: '' }));
    return HttpResponse.json({ code: 200, data, info: 'Success' });
  }),
  http.get(`*/api${referenceCalls.states.path}`, ({ request }) => {
    const key = new URL(request.url).searchParams.get('Key');
    const data =
      key === 'DE'
        ? [
            { code: 'BW', name: 'Baden-Württemberg' },
            { code: 'BY', name: 'Bavaria' },
          ]
        : [];
    return HttpResponse.json({ code: 200, data, info: 'Success' });
  }),
  http.get(`*/api${referenceCalls.cities.path}`, ({ request }) => {
    const key = new URL(request.url).searchParams.get('Key');
    const data = key === 'DE-BY' ? [{ name: 'Augsburg' }, { name: 'Munich' }] : key === 'DE-BW' ? [{ name: 'Freiburg' }] : [];
    return HttpResponse.json({ code: 200, data, info: 'Success' });
  }),
];
