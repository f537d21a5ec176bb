import { randomInt, startAnnotationSession } from './annotation-session.ts';

// The style annotation page. Every record is a `track: "style"` line validated with the same zod
// schema the board reads annotations with, so what a person downloads is what the pipeline
// accepts. (Its own storage key: style pairs never mix with the refig page's judgments.)

interface Media {
  full: string;
  thumb: string;
}
interface TaskData {
  task: string;
  suite: string;
  reference: Media;
  candidates: { submission: string; output: Media }[];
}
interface Current {
  task: TaskData;
  a: string;
  b: string;
  shownOrder: 'AB' | 'BA';
}

/** Wires the style annotation page under `root`. */
export async function startStyleAnnotator(root: HTMLElement): Promise<void> {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const status = $('#status');
  const form = $<HTMLFormElement>('#judgment');
  const comparison = $('#comparison');
  const annotator = $<HTMLInputElement>('#annotator');
  const reason = $<HTMLTextAreaElement>('#reason');
  const error = $('#form-error');
  const params = new URLSearchParams(location.search);
  const session = startAnnotationSession(root, {
    store: 'figboard-style-annotations',
    filePrefix: 'style-annotations',
    noun: 'style judgments',
  });
  let current: Current | null = null;
  let pool: { suite: string; task: string }[] = [];

  const load = async (): Promise<void> => {
    form.reset();
    session.syncTie();
    error.textContent = '';
    if (pool.length === 0) {
      status.textContent =
        'No style reference has a publishable image and two candidates’ outputs yet.';
      return;
    }
    // ?task=<suite>/<task> pins a reference (for sharing a comparison); otherwise pick at random
    const wanted = params.get('task');
    const pick =
      pool.find((p) => `${p.suite}/${p.task}` === wanted) ?? pool[randomInt(pool.length)]!;
    status.textContent = 'Loading a comparison…';
    const res = await fetch(
      `${root.dataset.base}annotate-style/data/${encodeURIComponent(pick.suite)}/${encodeURIComponent(pick.task)}.json`,
    );
    if (!res.ok) {
      status.textContent = `Could not load reference ${pick.suite}/${pick.task} (HTTP ${res.status}).`;
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
    $<HTMLImageElement>('#reference-img').src = task.reference.thumb;
    $<HTMLAnchorElement>('#reference-link').href = task.reference.full;
    $('#task-label').textContent = `${task.suite}/${task.task}`;
    for (const [side, cand] of [
      ['left', left],
      ['right', right],
    ] as const) {
      const fig = root.querySelector<HTMLElement>(`[data-side="${side}"]`)!;
      fig.querySelector<HTMLImageElement>('[data-img]')!.src = cand.output.thumb;
      fig.querySelector<HTMLAnchorElement>('[data-link]')!.href = cand.output.full;
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
      problems.push('For a tie, choose whether both candidates match the style or both miss it.');
    if (problems.length) {
      error.textContent = problems.join(' ');
      return;
    }
    const leftIsA = current.shownOrder === 'AB';
    const record = {
      track: 'style',
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
    const all = ((await res.json()) as { tasks: { suite: string; task: string }[] }).tasks;
    // ?suite=<name> (the style board's link) keeps to one suite when it has references
    const suite = params.get('suite');
    pool = suite && all.some((t) => t.suite === suite) ? all.filter((t) => t.suite === suite) : all;
  } catch (err) {
    status.textContent = `Could not load the reference list: ${(err as Error).message}`;
    return;
  }
  await load();
}
