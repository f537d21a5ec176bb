// The task page's compare switch: side by side (no script needed), overlay with a wipe slider,
// or flicker. The overlay stacks the rendering on the source inside the rendering's frame (the
// source fitted in, aspect kept, as the metric judge aligns them); the slider's value is the
// share of the rendering shown. Flicker swaps the two every 700 ms, or on a button press when the
// reader prefers reduced motion.

type Mode = 'side' | 'overlay' | 'flicker';

/** Wires every `[data-compare-switch]` on the page to the `[data-compare]` panels. */
export function enhanceCompareViews(doc: Document): void {
  const switcher = doc.querySelector<HTMLElement>('[data-compare-switch]');
  if (!switcher) return;
  switcher.hidden = false;
  const panels = [...doc.querySelectorAll<HTMLElement>('[data-compare]')];
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const flip = doc.querySelector<HTMLButtonElement>('[data-flicker-toggle]');
  let timer: number | undefined;
  let showingRender = true;

  for (const panel of panels) {
    const img = panel.querySelector<HTMLImageElement>('[data-role="compare-render"] img');
    const setAspect = () => {
      if (img?.naturalWidth)
        panel.style.setProperty('--aspect', `${img.naturalWidth} / ${img.naturalHeight}`);
    };
    if (img?.complete) setAspect();
    img?.addEventListener('load', setAspect);
    const range = panel.querySelector<HTMLInputElement>('input[type="range"]');
    range?.addEventListener('input', () => {
      panel.style.setProperty('--wipe', `${100 - Number(range.value)}%`);
      range.setAttribute('aria-valuetext', `${range.value}% rendering`);
    });
  }

  const flicker = (on: boolean) => {
    window.clearInterval(timer);
    timer = undefined;
    showingRender = true;
    for (const p of panels) p.classList.remove('show-source');
    if (!on || reduced) return;
    timer = window.setInterval(() => {
      showingRender = !showingRender;
      for (const p of panels) p.classList.toggle('show-source', !showingRender);
    }, 700);
  };
  flip?.addEventListener('click', () => {
    showingRender = !showingRender;
    for (const p of panels) p.classList.toggle('show-source', !showingRender);
    flip.textContent = showingRender ? 'Show the source' : 'Show the rendering';
  });

  const apply = (mode: Mode) => {
    for (const p of panels) {
      p.dataset.mode = mode;
      const slider = p.querySelector<HTMLElement>('.compare-slider');
      if (slider) slider.hidden = mode !== 'overlay';
    }
    if (flip) flip.hidden = !(mode === 'flicker' && reduced);
    flicker(mode === 'flicker');
  };
  for (const input of switcher.querySelectorAll<HTMLInputElement>('input[name="compare-mode"]')) {
    input.addEventListener('change', () => {
      if (input.checked) apply(input.value as Mode);
    });
  }
  apply('side');
}
