/**
 * Typical buy price, feed-in tariff and system price level per currency: a system's first tariff and its costs when
 * nobody gave them (and the demo fleet's).
 */
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
