import { buildDeck, sp } from '../pptx/test-support/build-deck.ts';

let cached: Promise<Uint8Array> | undefined;

/**
 * A tiny valid one-slide deck (one box with a word) that any working LibreOffice renders in a
 * second. When a submitted deck fails to render, the renderer renders this control deck in the
 * same worker: if the control fails too, the machine is at fault (an environment error, never a
 * gate failure); if it renders, the deck is.
 */
export function controlDeck(): Promise<Uint8Array> {
  cached ??= buildDeck({
    slides: [
      sp({
        id: 2,
        name: 'Control',
        frame: { x: 914400, y: 914400, cx: 2743200, cy: 914400 },
        text: 'control',
      }),
    ],
  });
  return cached;
}
