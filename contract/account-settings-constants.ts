/**
 * The fixed values of the account settings contract that the web app reads at run time. Free of zod: a module's
 * schemas are built when it is evaluated (see contract/monitoring-constants.ts). contract/account-settings.ts
 * imports them.
 */

export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CNY', 'JPY', 'AUD', 'PLN', 'SEK', 'CZK'] as const;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const FAULT_MAIL_DELIVERY = ['immediate', 'digest'] as const;
