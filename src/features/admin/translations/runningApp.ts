import { i18n } from '../../../i18n';
import { forgetOverrides } from '../../../resources/translationOverrides';

import type { TranslationLanguage as Lang } from '../../../../contract/admin/translations-constants';
import type { TranslationText } from '../api';

/** Redraws every text on screen (react-i18next re-renders on a language change, not on a store change). */
async function redraw(): Promise<void> {
  await i18n.changeLanguage(i18n.language);
}

/**
 * A text saved on the server applies in this browser at once; other browsers get it at their next load. Only
 * namespaces already loaded take it here: a text added to one not loaded yet would make i18next take that single
 * key for the whole namespace, and switching to that language would show raw keys (sidebar, breadcrumb, title);
 * such a namespace loads in full when needed, with the overrides fetched anew.
 */
export async function applyText(entries: TranslationText[]): Promise<void> {
  for (const { language, namespace, key, value } of entries) {
    if (i18n.hasResourceBundle(language, namespace)) i18n.addResource(language, namespace, key, value);
  }
  forgetOverrides();
  await redraw();
}

/**
 * An override removed on the server: the namespace is read again (the shipped file and the overrides left),
 * so the shipped text shows at once.
 */
export async function reloadShipped(language: Lang, namespace: string): Promise<void> {
  forgetOverrides();
  await i18n.reloadResources([language], [namespace]);
  await redraw();
}
