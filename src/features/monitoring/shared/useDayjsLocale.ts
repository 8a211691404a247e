import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<string, string> = { en: 'en', zh: 'zh-cn', de: 'de', ja: 'ja' };

/** Dates on the charts and pickers follow the chosen language; returns that language. */
export function useDayjsLocale(): string {
  const { i18n } = useTranslation();
  // Idempotent, and done before the children format any date.
  dayjs.locale(DAYJS_LOCALES[i18n.language] ?? 'en');
  return i18n.language;
}
