/**
 * Where the demo systems stand: real towns with their coordinates, time zones and streets. Their climate
 * comes from the PVGIS yields of the same towns (server/core/weather/reference-yields.ts).
 */
export interface Place {
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  currency: string;
  postcode: string;
  streets: readonly string[];
  /** How addresses are written there: house number before or after the street. */
  numberFirst?: boolean;
}

export const PLACES: readonly Place[] = [
  { city: 'München', countryCode: 'DE', latitude: 48.137, longitude: 11.575, timeZone: 'Europe/Berlin', currency: 'EUR', postcode: '81541', streets: ['Sonnenstraße', 'Lindwurmstraße', 'Tegernseer Landstraße', 'Balanstraße'] },
  { city: 'Freiburg im Breisgau', countryCode: 'DE', latitude: 47.999, longitude: 7.842, timeZone: 'Europe/Berlin', currency: 'EUR', postcode: '79100', streets: ['Merzhauser Straße', 'Basler Straße', 'Wiehre Allee'] },
  { city: 'Hamburg', countryCode: 'DE', latitude: 53.551, longitude: 9.994, timeZone: 'Europe/Berlin', currency: 'EUR', postcode: '22765', streets: ['Elbchaussee', 'Bahrenfelder Straße', 'Osterstraße'] },
  { city: 'Leipzig', countryCode: 'DE', latitude: 51.34, longitude: 12.375, timeZone: 'Europe/Berlin', currency: 'EUR', postcode: '04277', streets: ['Karl-Liebknecht-Straße', 'Kochstraße'] },
  { city: 'Utrecht', countryCode: 'NL', latitude: 52.091, longitude: 5.122, timeZone: 'Europe/Amsterdam', currency: 'EUR', postcode: '3521', streets: ['Amsterdamsestraatweg', 'Biltstraat', 'Oudegracht'] },
  { city: 'Eindhoven', countryCode: 'NL', latitude: 51.441, longitude: 5.47, timeZone: 'Europe/Amsterdam', currency: 'EUR', postcode: '5611', streets: ['Stratumseind', 'Kruisstraat'] },
  { city: 'Graz', countryCode: 'AT', latitude: 47.071, longitude: 15.44, timeZone: 'Europe/Vienna', currency: 'EUR', postcode: '8010', streets: ['Herrengasse', 'Leonhardstraße', 'Elisabethstraße'] },
  { city: 'Bern', countryCode: 'CH', latitude: 46.948, longitude: 7.447, timeZone: 'Europe/Zurich', currency: 'CHF', postcode: '3011', streets: ['Kramgasse', 'Länggassstrasse'] },
  { city: 'Winterthur', countryCode: 'CH', latitude: 47.5, longitude: 8.724, timeZone: 'Europe/Zurich', currency: 'CHF', postcode: '8400', streets: ['Technikumstrasse', 'Zürcherstrasse'] },
  { city: 'Bristol', countryCode: 'GB', latitude: 51.454, longitude: -2.588, timeZone: 'Europe/London', currency: 'GBP', postcode: 'BS3 1QG', streets: ['Gloucester Road', 'North Street', 'Whiteladies Road'], numberFirst: true },
  { city: 'Brighton', countryCode: 'GB', latitude: 50.822, longitude: -0.137, timeZone: 'Europe/London', currency: 'GBP', postcode: 'BN1 4GH', streets: ['Ditchling Road', 'Preston Road'], numberFirst: true },
  { city: 'Cambridge', countryCode: 'GB', latitude: 52.205, longitude: 0.122, timeZone: 'Europe/London', currency: 'GBP', postcode: 'CB1 2LA', streets: ['Mill Road', 'Hills Road'], numberFirst: true },
  { city: 'Milano', countryCode: 'IT', latitude: 45.464, longitude: 9.19, timeZone: 'Europe/Rome', currency: 'EUR', postcode: '20135', streets: ['Via Ripamonti', 'Corso Lodi', 'Via Bergamo'] },
  { city: 'Bologna', countryCode: 'IT', latitude: 44.494, longitude: 11.343, timeZone: 'Europe/Rome', currency: 'EUR', postcode: '40125', streets: ['Via Santo Stefano', 'Via Murri'] },
  { city: 'Verona', countryCode: 'IT', latitude: 45.438, longitude: 10.992, timeZone: 'Europe/Rome', currency: 'EUR', postcode: '37122', streets: ['Via Mazzini', 'Corso Porta Nuova'] },
  { city: 'Osaka', countryCode: 'JP', latitude: 34.694, longitude: 135.502, timeZone: 'Asia/Tokyo', currency: 'JPY', postcode: '530-0001', streets: ['Umeda 1-chome', 'Tenjinbashi 4-chome'] },
  { city: 'Nagoya', countryCode: 'JP', latitude: 35.181, longitude: 136.906, timeZone: 'Asia/Tokyo', currency: 'JPY', postcode: '460-0008', streets: ['Sakae 3-chome', 'Meieki 2-chome'] },
  { city: 'Shanghai', countryCode: 'CN', latitude: 31.23, longitude: 121.474, timeZone: 'Asia/Shanghai', currency: 'CNY', postcode: '200120', streets: ['Century Avenue', 'Zhangyang Road'] },
  { city: 'Shenzhen', countryCode: 'CN', latitude: 22.543, longitude: 114.058, timeZone: 'Asia/Shanghai', currency: 'CNY', postcode: '518048', streets: ['Shennan Boulevard', 'Binhe Avenue'] },
  { city: 'Adelaide', countryCode: 'AU', latitude: -34.929, longitude: 138.601, timeZone: 'Australia/Adelaide', currency: 'AUD', postcode: 'SA 5000', streets: ['King William Street', 'Unley Road'], numberFirst: true },
  { city: 'Brisbane', countryCode: 'AU', latitude: -27.47, longitude: 153.026, timeZone: 'Australia/Brisbane', currency: 'AUD', postcode: 'QLD 4000', streets: ['Logan Road', 'Given Terrace'], numberFirst: true },
  { city: 'Perth', countryCode: 'AU', latitude: -31.952, longitude: 115.861, timeZone: 'Australia/Perth', currency: 'AUD', postcode: 'WA 6000', streets: ['Hay Street', 'Stirling Highway'], numberFirst: true },
  { city: 'Cape Town', countryCode: 'ZA', latitude: -33.925, longitude: 18.424, timeZone: 'Africa/Johannesburg', currency: 'ZAR', postcode: '8001', streets: ['Long Street', 'Main Road'], numberFirst: true },
  { city: 'Pretoria', countryCode: 'ZA', latitude: -25.747, longitude: 28.188, timeZone: 'Africa/Johannesburg', currency: 'ZAR', postcode: '0002', streets: ['Church Street', 'Lynnwood Road'], numberFirst: true },
  { city: 'San Diego', countryCode: 'US', latitude: 32.716, longitude: -117.161, timeZone: 'America/Los_Angeles', currency: 'USD', postcode: 'CA 92101', streets: ['University Avenue', 'Adams Avenue'], numberFirst: true },
  { city: 'Austin', countryCode: 'US', latitude: 30.267, longitude: -97.743, timeZone: 'America/Chicago', currency: 'USD', postcode: 'TX 78704', streets: ['South Congress Avenue', 'Barton Springs Road'], numberFirst: true },
];

/** Buy price, feed-in tariff and system price level per currency, for tariffs and system costs. */
export const PRICE_LEVELS: Record<string, { buy: number; feedIn: number; costPerKwp: number; costPerKwh: number }> = {
  EUR: { buy: 0.34, feedIn: 0.081, costPerKwp: 1350, costPerKwh: 650 },
  CHF: { buy: 0.29, feedIn: 0.1, costPerKwp: 1700, costPerKwh: 800 },
  GBP: { buy: 0.27, feedIn: 0.15, costPerKwp: 1250, costPerKwh: 600 },
  JPY: { buy: 36, feedIn: 16, costPerKwp: 260000, costPerKwh: 140000 },
  CNY: { buy: 0.62, feedIn: 0.39, costPerKwp: 3800, costPerKwh: 1500 },
  AUD: { buy: 0.33, feedIn: 0.05, costPerKwp: 1100, costPerKwh: 1000 },
  ZAR: { buy: 3.2, feedIn: 0.9, costPerKwp: 14000, costPerKwh: 9000 },
  USD: { buy: 0.31, feedIn: 0.08, costPerKwp: 2800, costPerKwh: 900 },
};
