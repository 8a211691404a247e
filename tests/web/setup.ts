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

/** What hides an element in the app's stylesheets: the attribute, and antd's classes for closed popups and tabs. */
const HIDDEN_BY_STYLESHEET = [
  '[hidden]',
  '.ant-select-dropdown-hidden',
  '.ant-dropdown-hidden',
  '.ant-picker-dropdown-hidden',
  '.ant-cascader-dropdown-hidden',
  '.ant-popover-hidden',
  '.ant-tooltip-hidden',
  '.ant-tabs-tabpane-hidden',
  '.ant-form-item-hidden',
].join(', ');

// The computed style of an element is its own style, plus 'display: none' where one of the classes above hides it.
// jsdom's own matches every rule of every stylesheet against the element, and antd injects thousands of rules: that
// was most of the web tests' time (accessible names ask for each node's style, antd for each modal's scrollbar).
// It also leaves out pseudo-elements, which jsdom does not implement (it logs a stack trace for each).
window.getComputedStyle = (element: Element) => {
  const style = document.createElement('div').style;
  style.cssText = element instanceof HTMLElement || element instanceof SVGElement ? element.style.cssText : '';
  if (!style.display && element.matches(HIDDEN_BY_STYLESHEET)) style.display = 'none';
  return style;
};

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
