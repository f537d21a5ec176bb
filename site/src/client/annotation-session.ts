import { Annotation } from '@figboard/evaluator/schemas';

// What the two annotation pages (refig slides, style candidates) share: judgments kept in this
// browser, the remembered annotator id, the JSONL box with its counter, the download, copy and
// clear buttons, and recording a judgment only when the board's own zod schema accepts it, so
// what a person downloads is what the pipeline reads.

const ANNOTATOR = 'figboard-annotator';

/** Uniform integer in [0, n) from the browser's CSPRNG (order must not be predictable). */
export function randomInt(n: number): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! % n;
}

function readLines(store: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(store) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function writeLines(store: string, lines: string[]): void {
  try {
    localStorage.setItem(store, JSON.stringify(lines));
  } catch {
    // storage unavailable: the lines still live in the text box for this visit
  }
}

export interface SessionOptions {
  /** localStorage key of this page's lines (each page keeps its own). */
  store: string;
  /** Download file name prefix: `<prefix>-<annotator>-<date>.jsonl`. */
  filePrefix: string;
  /** What the clear button's question calls the lines ("judgments", "style judgments"). */
  noun: string;
}

export interface AnnotationSession {
  /** Enables the tie-kind choices only while "tie" is chosen (runs on every form change too). */
  syncTie(): void;
  /** How many judgments are recorded in this browser. */
  count(): number;
  /**
   * Validates `record` with the board's Annotation schema. Accepted: stored as one JSON line
   * (key order fixed by the schema), the annotator id remembered; returns null. Refused: returns
   * the message to show, nothing stored.
   */
  record(record: unknown): string | null;
}

/** Wires the shared part of an annotation page under `root` (ids #judgment, #annotator, #jsonl, #count, #export-status, #download, #copy, #clear; tieKind radios). */
export function startAnnotationSession(
  root: HTMLElement,
  options: SessionOptions,
): AnnotationSession {
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const annotator = $<HTMLInputElement>('#annotator');
  const jsonl = $<HTMLTextAreaElement>('#jsonl');
  const count = $('#count');
  const exportStatus = $('#export-status');
  const form = $<HTMLFormElement>('#judgment');
  const tieKinds = [...root.querySelectorAll<HTMLInputElement>('input[name="tieKind"]')];
  let lines = readLines(options.store);
  const syncTie = () => {
    const tie = (form.elements.namedItem('choice') as RadioNodeList).value === 'tie';
    for (const k of tieKinds) {
      k.disabled = !tie;
      if (!tie) k.checked = false;
    }
  };
  form.addEventListener('change', syncTie);

  try {
    annotator.value = localStorage.getItem(ANNOTATOR) ?? '';
  } catch {
    // storage unavailable
  }
  const showLines = () => {
    jsonl.value = lines.length ? `${lines.join('\n')}\n` : '';
    count.textContent = String(lines.length);
  };
  showLines();

  $('#download').addEventListener('click', () => {
    if (!lines.length) {
      exportStatus.textContent = 'Nothing to download yet.';
      return;
    }
    const blob = new Blob([`${lines.join('\n')}\n`], { type: 'application/jsonl' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${options.filePrefix}-${annotator.value || 'anonymous'}-${new Date().toISOString().slice(0, 10)}.jsonl`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('#copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(jsonl.value);
      exportStatus.textContent = 'Copied.';
    } catch {
      jsonl.select();
      exportStatus.textContent = 'Select-all done: press Ctrl+C / ⌘C to copy.';
    }
  });
  $('#clear').addEventListener('click', () => {
    if (
      lines.length &&
      !confirm(`Delete the ${lines.length} ${options.noun} stored in this browser?`)
    )
      return;
    lines = [];
    writeLines(options.store, lines);
    showLines();
  });

  return {
    syncTie,
    count: () => lines.length,
    record(record) {
      const parsed = Annotation.safeParse(record);
      if (!parsed.success)
        return `Not recorded: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ')}`;
      try {
        localStorage.setItem(ANNOTATOR, annotator.value);
      } catch {
        // storage unavailable (private mode): nothing to remember
      }
      lines = [...lines, JSON.stringify(parsed.data)];
      writeLines(options.store, lines);
      showLines();
      return null;
    },
  };
}
