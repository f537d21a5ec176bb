import { auditLines, type CompactAudit } from '../data/compact-audit.ts';
import { randomInt, startAnnotationSession } from './annotation-session.ts';

// The annotate page. Every record is validated with the same zod schema the statistics read
// annotations with, so what a person downloads is exactly what the pipeline accepts.

interface Media {
  full: string;
  thumb: string;
}
type AuditView = CompactAudit;
interface TaskData {
  task: string;
  suite: string;
  source: Media;
  candidates: { submission: string; render: Media; audit: AuditView | null }[];
}
interface Current {
  task: TaskData;
  a: string;
  b: string;
  shownOrder: 'AB' | 'BA';
}

function renderAudit(dl: HTMLElement, audit: AuditView | null): void {
  dl.replaceChildren();
  const add = (term: string, value: string) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dl.append(dt, dd);
  };
  if (!audit) {
    add('Audit', 'not available');
    return;
  }
  for (const line of auditLines(audit)) add(line.term, line.value);
  if (audit.cap < 100) add('Cap', `capped at ${audit.cap}`);
  if (audit.flags.length) add('Flags', audit.flags.map((f) => f.code).join(', '));
}

/** Wires the annotate page under `root`. */
export async function startAnnotator(root: HTMLElement): Promise<void> {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const status = $('#status');
  const form = $<HTMLFormElement>('#judgment');
  const comparison = $('#comparison');
  const annotator = $<HTMLInputElement>('#annotator');
  const reason = $<HTMLTextAreaElement>('#reason');
  const error = $('#form-error');
  const session = startAnnotationSession(root, {
    store: 'figboard-annotations',
    filePrefix: 'annotations',
    noun: 'judgments',
  });
  let current: Current | null = null;
  let pool: { suite: string; task: string }[] = [];

  const load = async (): Promise<void> => {
    form.reset();
    session.syncTie();
    error.textContent = '';
    if (pool.length === 0) {
      status.textContent = 'No task has a publishable source figure and two renderings yet.';
      return;
    }
    // ?task=<suite>/<task> pins a task (for sharing a comparison); otherwise pick at random
    const wanted = new URLSearchParams(location.search).get('task');
    const pick =
      pool.find((p) => `${p.suite}/${p.task}` === wanted) ?? pool[randomInt(pool.length)]!;
    status.textContent = 'Loading a comparison…';
    const res = await fetch(
      `${root.dataset.base}annotate/data/${encodeURIComponent(pick.suite)}/${encodeURIComponent(pick.task)}.json`,
    );
    if (!res.ok) {
      status.textContent = `Could not load task ${pick.suite}/${pick.task} (HTTP ${res.status}).`;
      return;
    }
    const task = (await res.json()) as TaskData;
    const i = randomInt(task.candidates.length);
    let j = randomInt(task.candidates.length - 1);
    if (j >= i) j++;
    const [x, y] = [task.candidates[i]!, task.candidates[j]!].sort((p, q) =>
      p.submission.localeCompare(q.submission),
    ) as [TaskData['candidates'][number], TaskData['candidates'][number]];
    const shownOrder = randomInt(2) === 0 ? 'AB' : 'BA';
    current = { task, a: x.submission, b: y.submission, shownOrder };
    const [left, right] = shownOrder === 'AB' ? [x, y] : [y, x];
    const sides = [
      ['left', left],
      ['right', right],
    ] as const;
    $<HTMLImageElement>('#source-img').src = task.source.thumb;
    $<HTMLAnchorElement>('#source-link').href = task.source.full;
    $('#task-label').textContent = `task ${task.suite}/${task.task}`;
    for (const [side, cand] of sides) {
      const fig = root.querySelector<HTMLElement>(`[data-side="${side}"]`)!;
      fig.querySelector<HTMLImageElement>('[data-img]')!.src = cand.render.thumb;
      fig.querySelector<HTMLAnchorElement>('[data-link]')!.href = cand.render.full;
      renderAudit(fig.querySelector<HTMLElement>('[data-audit]')!, cand.audit);
    }
    comparison.hidden = false;
    form.hidden = false;
    status.textContent = `Comparison ready (${session.count()} recorded so far).`;
  };

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!current) return;
    const side = (form.elements.namedItem('choice') as RadioNodeList).value;
    const tieKind = (form.elements.namedItem('tieKind') as RadioNodeList).value;
    const problems: string[] = [];
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(annotator.value))
      problems.push('Enter an annotator id (letters, digits, “-”, “_”).');
    if (side === '') problems.push('Choose left, right or tie.');
    if (side === 'tie' && tieKind === '')
      problems.push('For a tie, choose whether both slides are good or both are bad.');
    if (problems.length) {
      error.textContent = problems.join(' ');
      return;
    }
    const leftIsA = current.shownOrder === 'AB';
    const record = {
      task: current.task.task,
      a: current.a,
      b: current.b,
      shownOrder: current.shownOrder,
      choice: side === 'tie' ? 'tie' : (side === 'left') === leftIsA ? 'A' : 'B',
      tieKind: side === 'tie' ? tieKind : null,
      reason: reason.value.trim(),
      annotator: annotator.value,
      time: new Date().toISOString(),
    };
    const refused = session.record(record);
    if (refused !== null) {
      error.textContent = refused;
      return;
    }
    void load();
  });

  $('#skip').addEventListener('click', () => void load());
  try {
    const res = await fetch(root.dataset.index!);
    pool = ((await res.json()) as { tasks: { suite: string; task: string }[] }).tasks;
  } catch (err) {
    status.textContent = `Could not load the task list: ${(err as Error).message}`;
    return;
  }
  await load();
}
