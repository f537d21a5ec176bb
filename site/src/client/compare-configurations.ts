// The compare page: two configurations of a suite, task by task. Reads the suite's per-task
// scores, computes the paired difference with a seeded bootstrap (so every visitor sees the same
// interval), and draws the scatter as SVG with DOM calls (labels are text nodes, never markup).
import { AXES, type Axis, createRng } from '@figboard/evaluator/stats';

interface CompareData {
  suite: string;
  tieMargin: number;
  rubric: Record<Axis, number>;
  configurations: { id: string; label: string }[];
  tasks: string[];
  scores: Record<string, (number[] | null)[]>;
}

const RESAMPLES = 5000;
const SEED = 7;
const SVG = 'http://www.w3.org/2000/svg';

/** Mean of the paired differences and its 95% percentile bootstrap interval. */
export function pairedDifference(diffs: readonly number[]): {
  mean: number;
  ci: [number, number];
} {
  const n = diffs.length;
  const mean = diffs.reduce((s, d) => s + d, 0) / n;
  // The evaluator's mulberry32, so the interval is the same on every visit.
  const next = createRng(SEED).next;
  const means = new Float64Array(RESAMPLES);
  for (let r = 0; r < RESAMPLES; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += diffs[Math.floor(next() * n)]!;
    means[r] = s / n;
  }
  means.sort();
  const q = (p: number) => means[Math.min(RESAMPLES - 1, Math.max(0, Math.floor(p * RESAMPLES)))]!;
  return { mean, ci: [q(0.025), q(0.975)] };
}

const fmt = (x: number, d = 2) => (x > 0 ? '+' : x < 0 ? '−' : '') + Math.abs(x).toFixed(d);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

function scatter(
  points: { task: string; a: number; b: number }[],
  aLabel: string,
  bLabel: string,
): SVGSVGElement {
  const size = 320;
  const pad = 36;
  const x = (v: number) => pad + (v / 100) * (size - pad - 8);
  const y = (v: number) => size - pad - (v / 100) * (size - pad - 8);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute(
    'aria-label',
    `Scatter of ${points.length} tasks: ${aLabel} across, ${bLabel} up; ${points.filter((p) => p.b > p.a).length} above the diagonal, ${points.filter((p) => p.b < p.a).length} below.`,
  );
  const line = (x1: number, y1: number, x2: number, y2: number, cls: string) => {
    const l = document.createElementNS(SVG, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(v));
    l.setAttribute('class', cls);
    svg.append(l);
  };
  const text = (s: string, tx: number, ty: number, anchor: string, rotate = false) => {
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(tx));
    t.setAttribute('y', String(ty));
    t.setAttribute('text-anchor', anchor);
    t.setAttribute('class', 'axis-label');
    if (rotate) t.setAttribute('transform', `rotate(-90 ${tx} ${ty})`);
    t.textContent = s;
    svg.append(t);
  };
  for (const v of [0, 50, 100]) {
    line(x(v), y(0), x(v), y(100), 'grid');
    line(x(0), y(v), x(100), y(v), 'grid');
    text(String(v), x(v), size - pad + 14, 'middle');
    text(String(v), pad - 6, y(v) + 4, 'end');
  }
  line(x(0), y(0), x(100), y(100), 'diagonal');
  text('A', x(50), size - 4, 'middle');
  text('B', 10, y(50), 'middle', true);
  for (const p of points) {
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('cx', x(p.a).toFixed(1));
    c.setAttribute('cy', y(p.b).toFixed(1));
    c.setAttribute('r', '4');
    c.setAttribute('class', p.b > p.a ? 'up' : p.b < p.a ? 'down' : 'even');
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${p.task}: A ${p.a.toFixed(1)}, B ${p.b.toFixed(1)}`;
    c.append(title);
    svg.append(c);
  }
  return svg;
}

/** Wires the compare form under `root`. */
export async function startCompare(root: Document): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('[data-compare-form]');
  const result = root.querySelector<HTMLElement>('[data-compare-result]');
  if (!form || !result) return;
  const a = form.querySelector<HTMLSelectElement>('select[name="a"]')!;
  const b = form.querySelector<HTMLSelectElement>('select[name="b"]')!;
  const params = new URL(window.location.href).searchParams;
  const has = (s: HTMLSelectElement, v: string | null) =>
    v !== null && [...s.options].some((o) => o.value === v);
  if (has(a, params.get('a'))) a.value = params.get('a')!;
  if (has(b, params.get('b'))) b.value = params.get('b')!;
  if (a.value === b.value) b.selectedIndex = a.selectedIndex === 0 ? 1 : 0;
  const data = (await (await fetch(form.dataset.src!)).json()) as CompareData;
  const label = new Map(data.configurations.map((c) => [c.id, c.label]));
  const tasksHref = form.dataset.tasks!;

  const render = () => {
    const url = new URL(window.location.href);
    url.searchParams.set('a', a.value);
    url.searchParams.set('b', b.value);
    window.history.replaceState(null, '', url);
    const sa = data.scores[a.value] ?? [];
    const sb = data.scores[b.value] ?? [];
    const pairs = data.tasks
      .map((task, i) => ({ task, x: sa[i], y: sb[i] }))
      .filter((p): p is { task: string; x: number[]; y: number[] } => !!p.x && !!p.y);
    const summary = result.querySelector<HTMLElement>('[data-summary]')!;
    const tbody = result.querySelector<HTMLElement>('[data-axes-table] tbody')!;
    const extremes = result.querySelector<HTMLElement>('[data-extremes]')!;
    const plot = result.querySelector<HTMLElement>('[data-scatter]')!;
    tbody.replaceChildren();
    extremes.replaceChildren();
    plot.replaceChildren();
    result.hidden = false;
    const la = label.get(a.value) ?? a.value;
    const lb = label.get(b.value) ?? b.value;
    if (a.value === b.value || pairs.length === 0) {
      summary.textContent =
        a.value === b.value
          ? 'Pick two different configurations.'
          : 'These two have no task scored in common.';
      return;
    }
    const diffs = pairs.map((p) => p.y[0]! - p.x[0]!);
    const { mean, ci } = pairedDifference(diffs);
    const wins = diffs.filter((d) => d > data.tieMargin).length;
    const losses = diffs.filter((d) => d < -data.tieMargin).length;
    const significant = ci[0] > 0 || ci[1] < 0;
    summary.textContent = `${lb} − ${la}: ${fmt(mean)} points [${fmt(ci[0])}, ${fmt(ci[1])}] over ${pairs.length} tasks; B wins ${wins}, ties ${pairs.length - wins - losses}, loses ${losses}. ${significant ? `The interval excludes 0${pairs.length < 20 ? `, but over only ${pairs.length} tasks: a hint, not a settled difference` : ': a difference on this suite that resampling the tasks does not remove'}.` : 'The interval contains 0: these two cannot be told apart on this suite.'}`;
    const withAxes = pairs.filter((p) => p.x.length === 6 && p.y.length === 6);
    const rows: [string, number, number][] = [
      [
        'Final',
        pairs.reduce((s, p) => s + p.x[0]!, 0) / pairs.length,
        pairs.reduce((s, p) => s + p.y[0]!, 0) / pairs.length,
      ],
    ];
    if (withAxes.length > 0)
      AXES.forEach((axis, k) => {
        rows.push([
          `${axis} (max ${data.rubric[axis]})`,
          withAxes.reduce((s, p) => s + p.x[k + 1]!, 0) / withAxes.length,
          withAxes.reduce((s, p) => s + p.y[k + 1]!, 0) / withAxes.length,
        ]);
      });
    for (const [i, [name, va, vb]] of rows.entries()) {
      const tr = el('tr');
      const th = el('th', name);
      th.scope = 'row';
      // the final row's difference is the paired mean above, digit for digit
      const cells = [va.toFixed(2), vb.toFixed(2), fmt(i === 0 ? mean : vb - va)].map((t) => {
        const td = el('td', t);
        td.className = 'num';
        return td;
      });
      tr.append(th, ...cells);
      tbody.append(tr);
    }
    plot.append(
      scatter(
        pairs.map((p) => ({ task: p.task, a: p.x[0]!, b: p.y[0]! })),
        la,
        lb,
      ),
    );
    const ordered = pairs
      .map((p) => ({ task: p.task, d: p.y[0]! - p.x[0]! }))
      .filter((p) => p.d !== 0)
      .sort((p, q) => Math.abs(q.d) - Math.abs(p.d) || (p.task < q.task ? -1 : 1))
      .slice(0, 8);
    for (const p of ordered) {
      const li = el('li');
      const link = el('a', p.task);
      link.href = `${tasksHref}${encodeURIComponent(p.task)}/`;
      li.append(link, document.createTextNode(`: B ${fmt(p.d, 1)}`));
      extremes.append(li);
    }
  };
  a.addEventListener('change', render);
  b.addEventListener('change', render);
  form.querySelector('[data-swap]')?.addEventListener('click', () => {
    const t = a.value;
    a.value = b.value;
    b.value = t;
    render();
  });
  render();
}
