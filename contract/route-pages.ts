/**
 * What the web build and the server agree on (the server never imports build/): the copies of index.html that the
 * build writes for the pages behind the login (build/route-preloads.ts), each asking for its page's chunks at once,
 * and the file naming them by page path, which the server reads (server/core/http/static.ts).
 */
export const ROUTE_PAGES_DIR = 'route-pages';
export const ROUTE_PAGES_INDEX = `${ROUTE_PAGES_DIR}/index.json`;
