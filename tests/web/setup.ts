import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadingOverlay } from '../../src/api/loading';
import { configureApiUi, resetApiUi } from '../../src/api/ui';
import { i18n, initI18n } from '../../src/i18n';
import { messageHandlers } from './messages/handlers';
import { referenceHandlers } from './reference-handlers';
import { settingsHandlers } from './settings-handlers';

/** One MSW server for every web test; each test adds its handlers with `server.use(...)`. */
export const server = setupServer(...referenceHandlers, ...messageHandlers, ...settingsHandlers);

// findBy… / waitFor wait up to 5 s (not 1 s): antd's forms validate asynchronously, and on a busy CI
// machine a message can take longer than a second to appear.
configure({ asyncUtilTimeout: 5000 });

/** Width queries answered against window.innerWidth (jsdom: 1024, a desktop; a test may set a phone's). */
function widthQueryMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && (!!min || !!max);
}

// antd and the layout ask for these; jsdom has neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

// jsdom has no pseudo-elements: it logs a full 'Not implemented' stack trace each time one is asked for, and antd
// asks for '::-webkit-scrollbar' whenever a table lays out or a modal opens. The element's own style answers.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
  await i18n.loadLanguages(['en', 'zh', 'de', 'ja']);
});

beforeEach(async () => {
  localStorage.clear();
  resetApiUi();
  // Tests see what the client would show; nothing reloads the test page.
  configureApiUi({ message: vi.fn(), notify: vi.fn(), confirm: vi.fn(), reload: vi.fn(), saveFile: vi.fn() });
  loadingOverlay.reset();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

afterEach(() => {
  server.resetHandlers();
  cleanup();
  vi.useRealTimers();
});

afterAll(() => server.close());
