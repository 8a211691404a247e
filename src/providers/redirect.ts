/** Only paths inside the app are accepted as a post-login target. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/Login')) return '/';
  return target;
}
