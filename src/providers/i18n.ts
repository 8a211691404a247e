import type { I18nProvider } from '@refinedev/core';
import { i18n, isLanguage, setLanguage } from '../i18n';

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) =>
    i18n.t(key, {
      defaultValue: defaultMessage ?? (typeof options === 'string' ? options : undefined),
      ...(typeof options === 'object' ? options : {}),
    }) as string,
  changeLocale: (language: string) => (isLanguage(language) ? setLanguage(language) : Promise.resolve()),
  getLocale: () => i18n.language,
};
