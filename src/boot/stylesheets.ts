/**
 * Resolves once every stylesheet the page links has loaded (or failed). The frame script (src/boot/frame.ts) adds
 * the app's stylesheets itself, and a stylesheet added by a script does not hold back the page's paint as one in
 * the HTML does: the app's first render waits for them here instead, so it never shows unstyled.
 */
export function stylesheetsLoaded(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
