import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

// One server-side DOM for every plot of the build: Observable Plot only needs
// createElement(NS)/setAttribute/appendChild, which linkedom provides without a browser.
let sharedDocument: Document | undefined;
function serverDocument(): Document {
  sharedDocument ??= parseHTML('<!doctype html><html><body></body></html>')
    .document as unknown as Document;
  return sharedDocument;
}

/**
 * Renders an Observable Plot specification to static SVG markup at build time. Text that ends
 * up in the SVG (labels, titles) is set through the DOM and escaped by the serializer, so user
 * strings used as labels cannot inject markup. Avoid continuous colour legends: they need a
 * canvas, which a server-side DOM does not have.
 */
export function renderPlot(options: Plot.PlotOptions): string {
  // 12 px text at least (Plot's default is 10 px); plots never shrink below their drawn size
  // on a phone (they scroll in their box instead), so this is the size a reader sees
  const style = typeof options.style === 'object' ? options.style : {};
  const node = Plot.plot({
    ...options,
    style: { fontSize: '12px', ...style },
    document: serverDocument(),
  }) as unknown as Element;
  // Plot labels its groups with aria-label on plain <g> elements, which have no role that allows
  // one (axe: aria-prohibited-attr). Every plot is shown inside a role="img" box with its own text
  // alternative (or beside the numbers it draws), so the drawing itself is presentational.
  for (const g of node.querySelectorAll('[aria-label]')) g.removeAttribute('aria-label');
  for (const g of node.querySelectorAll('[aria-description]'))
    g.removeAttribute('aria-description');
  node.setAttribute('aria-hidden', 'true');
  return node.outerHTML;
}

export { Plot };
