import type { Locale } from 'antd/es/locale';
import type { Language } from '../../contract/languages';

/** antd's own texts (pagination, date pickers, OK/Cancel), loaded with the language. */
const loaders: Record<Language, (() => Promise<{ default: Locale }>) | undefined> = {
  en: undefined,
  zh: () => import('antd/es/locale/zh_CN'),
  de: () => import('antd/es/locale/de_DE'),
  ja: () => import('antd/es/locale/ja_JP'),
};

export async function loadAntdLocale(language: Language): Promise<Locale | undefined> {
  const load = loaders[language];
  return load ? (await load()).default : undefined;
}
