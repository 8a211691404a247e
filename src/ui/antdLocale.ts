import type { Locale } from 'antd/es/locale';
import type { Language } from '../../contract/languages';

/** antd's own texts (pagination, date pickers, OK/Cancel), loaded with the language. */
const loaders: Record<Language, (() => Promise<{ default: Locale }>) | undefined> = {
  en: undefined,
  zh: () => import('antd/es/locale/zh_CN'),
  de: () => import('antd/es/locale/de_DE'),
  ja: () => import('antd/es/locale/ja_JP'),
};

const loaded = new Map<Language, Locale>();

export async function loadAntdLocale(language: Language): Promise<Locale | undefined> {
  const load = loaders[language];
  if (!load) return undefined;
  const locale = (await load()).default;
  loaded.set(language, locale);
  return locale;
}

/**
 * The texts of a language already loaded (src/main.tsx asks for the page's language before the first render):
 * the first render uses them instead of rendering every antd component again once they arrive.
 */
export function loadedAntdLocale(language: Language): Locale | undefined {
  return loaded.get(language);
}
