import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium, headless, as every site test starts it (never a downloaded browser). The
 * background-networking flags keep it from dialling out: this machine's network refuses those
 * connections, many at a time, and CI's does too.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Debian's Chromium with {@link CHROMIUM_ARGS} (and any other launch options). */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, ...options });
}
