// The compare page: up to four entries of a suite (either track), task by task. Reads the suite's
// per-task scores, computes each pick's paired difference from the reference with a seeded
// bootstrap (so every visitor sees the same interval), and fills the tables with DOM calls
// (labels and task ids are text nodes, never markup).
import { createRng } from '@figboard/evaluator/stats';

interface CompareData {
  suite: string;
  track: 'refig' | 'style';
  measures: { key: string; label: string; max: number }[];
  tieMargin: number;
  entries: { id: string; label: string; role: string; taskHref: string; verified: boolean }[];
  defaultSelection: string[];
  tasks: string[];
  scores: Record<string, ((number | null)[] | null)[]>;
}

const RESAMPLES = 5000;
const SEED = 7;
/** Below this many paired tasks an interval that excludes 0 is reported as a hint only. */
const FEW_TASKS = 30;

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

/**
 * What a paired interval over `n` tasks says, in words: the interval, the number of tasks, and
 * no more than that supports. A percentile bootstrap over a handful of tasks is too narrow and
 * leaves out run-to-run and judge variation, so an interval that excludes 0 on few tasks is
 * reported as a hint, never as "a real difference".
 */
export function intervalWording(ci: readonly [number, number], n: number): string {
  const tasks = `${n} ${n === 1 ? 'task' : 'tasks'}`;
  if (n < 2) return `Only ${tasks} in common: no interval can be drawn from it.`;
  const excludes = ci[0] > 0 || ci[1] < 0;
  if (!excludes)
    return `The interval contains 0: over these ${tasks} the two cannot be told apart.`;
  const side = ci[0] > 0 ? 'above' : 'below';
  return n < FEW_TASKS
    ? `The interval lies ${side} 0, but it is resampled from only ${tasks}: a hint, not an established difference (few tasks make a bootstrap interval too narrow, and it leaves out run-to-run and judge variation).`
    : `The interval lies ${side} 0 over these ${tasks}: resampling the tasks does not remove the gap (it does not cover run-to-run or judge variation).`;
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

/** The picks from the URL (`?e=a,b,c,d`, or the older `?a=…&b=…`), else the page's default. */
export function initialPicks(
  params: URLSearchParams,
  known: ReadonlySet<string>,
  fallback: readonly string[],
  max: number,
): string[] {
  const fromUrl = params.has('e')
    ? params.get('e')!.split(',')
    : [params.get('a'), params.get('b')].filter((v): v is string => v !== null);
  const picks = [...new Set(fromUrl.filter((id) => known.has(id)))].slice(0, max);
  return picks.length >= 2 ? picks : [...fallback].slice(0, max);
}

/** Wires the compare form under `root`. */
export async function startCompare(root: Document): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('[data-compare-form]');
  const result = root.querySelector<HTMLElement>('[data-compare-result]');
  if (!form || !result) return;
  const selects = [...form.querySelectorAll<HTMLSelectElement>('select[data-pick]')];
  const max = selects.length;
  const known = new Set([...selects[0]!.options].map((o) => o.value));
  const picks = initialPicks(
    new URL(window.location.href).searchParams,
    known,
    (form.dataset.default ?? '').split(',').filter(Boolean),
    max,
  );
  selects.forEach((s, i) => {
    s.value = picks[i] ?? '';
  });
  const data = (await (await fetch(form.dataset.src!)).json()) as CompareData;
  const byId = new Map(data.entries.map((e) => [e.id, e]));
  const summary = result.querySelector<HTMLElement>('[data-summary]')!;
  const meansTable = result.querySelector<HTMLTableElement>('[data-means-table]')!;
  const taskTable = result.querySelector<HTMLTableElement>('[data-task-table]')!;
  const pairsList = result.querySelector<HTMLElement>('[data-pairs]')!;

  const header = (table: HTMLTableElement, first: string, ids: string[]) => {
    const tr = el('tr');
    const th0 = el('th', first);
    th0.scope = 'col';
    tr.append(th0);
    ids.forEach((id, i) => {
      const e = byId.get(id);
      const th = el('th');
      th.scope = 'col';
      th.className = 'num';
      th.dataset.entry = id;
      th.append(el('span', i === 0 ? 'Reference' : `Entry ${i + 1}`), el('br'));
      th.append(el('span', e?.label ?? id));
      if (e && e.role !== 'entry') th.append(' ', el('span', `(${e.role.replace('-', ' ')})`));
      tr.append(th);
    });
    table.tHead!.replaceChildren(tr);
  };

  const render = () => {
    const ids = [...new Set(selects.map((s) => s.value).filter((v) => v !== ''))];
    const url = new URL(window.location.href);
    url.searchParams.delete('a');
    url.searchParams.delete('b');
    url.searchParams.set('e', ids.join(','));
    window.history.replaceState(null, '', url);
    meansTable.tBodies[0]!.replaceChildren();
    taskTable.tBodies[0]!.replaceChildren();
    pairsList.replaceChildren();
    result.hidden = false;
    result.dataset.picks = String(ids.length);
    header(meansTable, 'Measure', ids);
    header(taskTable, 'Task', ids);
    if (ids.length < 2) {
      summary.textContent = 'Pick at least two different entries.';
      return;
    }
    // tasks every pick was scored on: the means table compares like with like
    const rows = ids.map((id) => data.scores[id] ?? []);
    const shared = data.tasks.flatMap((_, t) => (rows.every((r) => r[t]) ? [t] : []));
    summary.textContent = `${ids.length} entries over the ${shared.length} of ${data.tasks.length} tasks all of them were scored on.`;
    data.measures.forEach((m, k) => {
      const tr = el('tr');
      const th = el('th', m.max === 100 ? m.label : `${m.label} (max ${m.max})`);
      th.scope = 'row';
      tr.append(th);
      for (const r of rows) {
        const vals = shared.map((t) => r[t]![k]).filter((v): v is number => v !== null);
        const td = el(
          'td',
          vals.length ? (vals.reduce((s, v) => s + v, 0) / vals.length).toFixed(2) : '—',
        );
        td.className = 'num';
        tr.append(td);
      }
      meansTable.tBodies[0]!.append(tr);
    });
    // each pick against the reference, over the tasks those two share
    const ref = rows[0]!;
    const refLabel = byId.get(ids[0]!)?.label ?? ids[0]!;
    rows.slice(1).forEach((r, j) => {
      const li = el('li');
      li.dataset.pair = ids[j + 1]!;
      const label = byId.get(ids[j + 1]!)?.label ?? ids[j + 1]!;
      const diffs = data.tasks.flatMap((_, t) =>
        ref[t] && r[t] && ref[t]![0] !== null && r[t]![0] !== null ? [r[t]![0]! - ref[t]![0]!] : [],
      );
      if (diffs.length === 0) {
        li.textContent = `${label} and ${refLabel} have no task scored in common.`;
        pairsList.append(li);
        return;
      }
      const { mean, ci } = pairedDifference(diffs);
      const wins = diffs.filter((d) => d > data.tieMargin).length;
      const losses = diffs.filter((d) => d < -data.tieMargin).length;
      const head = el('strong', `${label} − ${refLabel}: ${fmt(mean)} points`);
      li.append(
        head,
        document.createTextNode(
          ` (${data.measures[0]!.label}); 95% paired bootstrap interval [${fmt(ci[0])}, ${fmt(ci[1])}] over ${diffs.length} ${diffs.length === 1 ? 'task' : 'tasks'}; against the reference it wins ${wins}, ties ${diffs.length - wins - losses} and loses ${losses} of them. ${intervalWording(ci, diffs.length)}`,
        ),
      );
      pairsList.append(li);
    });
    // one row per task: the headline score of each pick, the best marked
    data.tasks.forEach((task, t) => {
      const tr = el('tr');
      const th = el('th');
      th.scope = 'row';
      const href = byId.get(ids[0]!)?.taskHref;
      if (href) {
        const a = el('a', task);
        a.href = href.replace('{task}', encodeURIComponent(task));
        th.append(a);
      } else th.textContent = task;
      tr.append(th);
      const vals = rows.map((r) => r[t]?.[0] ?? null);
      const best = Math.max(...vals.map((v) => v ?? -1));
      const tied = vals.filter((v) => v === best).length === vals.length;
      for (const v of vals) {
        const td = el('td', v === null ? 'not scored' : v.toFixed(1));
        td.className = 'num';
        if (v !== null && v === best && !tied) {
          td.classList.add('best');
          td.prepend(el('span', '▲ '));
        }
        tr.append(td);
      }
      taskTable.tBodies[0]!.append(tr);
    });
  };
  for (const s of selects) s.addEventListener('change', render);
  render();
}
