import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, started as these machines need: no browser download works here, and without the
 * background-networking flags Chromium keeps knocking at a closed network.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
