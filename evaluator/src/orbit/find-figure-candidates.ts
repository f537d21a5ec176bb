/** One `\includegraphics` inside a figure environment, with its figure's caption and label. */
export interface FigureCandidate {
  /** The path as written in `\includegraphics{…}`. */
  graphic: string;
  /** The file in the package it resolves to (extension completed, `\graphicspath` applied), or null. */
  resolved: string | null;
  caption: string;
  label: string | null;
  /** 0-based index of the figure environment in document order (files in sorted order). */
  figureIndex: number;
  /** Number of graphics in the same figure (composite figures have several). */
  graphicsInFigure: number;
  texFile: string;
}

/** Extensions `\includegraphics` tries, in pdfLaTeX's order, then the EPS family for latex+dvips. */
const EXTENSIONS = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.PDF',
  '.PNG',
  '.JPG',
  '.JPEG',
  '.eps',
  '.EPS',
  '.ps',
];

/** Removes TeX comments: from an unescaped `%` to the end of its line. */
export function stripTexComments(tex: string): string {
  return tex.replace(/(^|[^\\])((?:\\\\)*)%.*$/gm, '$1$2');
}

/** The balanced `{…}` group starting at `open` (which must be `{`); returns its body and end. */
export function readGroup(
  s: string,
  open: number,
  maxChars = 20_000,
): { body: string; end: number } | null {
  if (s[open] !== '{') return null;
  let depth = 0;
  // Bounded: an unclosed brace must not make every later command scan to the end of the file.
  for (let i = open; i < s.length && i - open < maxChars; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return { body: s.slice(open + 1, i), end: i + 1 };
    }
  }
  return null;
}

/** Skips whitespace and one optional `[…]` argument (nested brackets allowed). */
function skipOptional(s: string, i: number): number {
  let j = i;
  while (/\s/.test(s[j] ?? '')) j++;
  if (s[j] !== '[') return j;
  let depth = 0;
  for (; j < s.length; j++) {
    if (s[j] === '[') depth++;
    else if (s[j] === ']' && --depth === 0) {
      j++;
      break;
    }
  }
  while (/\s/.test(s[j] ?? '')) j++;
  return j;
}

/** Every `\cmd[opt]{arg}` argument in `s`, with positions (at most `max`: hostile files). */
function commandArgs(s: string, cmd: string, max = 1000): { arg: string; at: number }[] {
  const out: { arg: string; at: number }[] = [];
  const re = new RegExp(`\\\\${cmd}\\*?(?![A-Za-z])`, 'g');
  let seen = 0;
  for (let m = re.exec(s); m && seen < max; m = re.exec(s), seen++) {
    const j = skipOptional(s, m.index + m[0].length);
    const g = readGroup(s, j);
    if (g) out.push({ arg: g.body, at: m.index });
  }
  return out;
}

/** Blanks out the inside of nested environments, so a sub-figure's caption is not the figure's. */
function blankEnvs(s: string, names: string[]): string {
  let out = s;
  for (const name of names) {
    const re = new RegExp(`\\\\begin\\{${name}\\}[\\s\\S]*?\\\\end\\{${name}\\}`, 'g');
    out = out.replace(re, (m) => ' '.repeat(m.length));
  }
  return out;
}

/** Caption text for evidence and task.json: whitespace collapsed, still TeX. */
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Normalises a graphics path written in TeX into a package-relative path, or null if unsafe. */
function normalise(p: string): string | null {
  const parts = p
    .trim()
    .replace(/^"|"$/g, '')
    .split('/')
    .filter((x) => x !== '' && x !== '.');
  if (parts.length === 0 || parts.some((x) => x === '..') || p.trim().startsWith('/')) return null;
  return parts.join('/');
}

/**
 * Enumerates `\includegraphics` candidates in the figure environments (`figure`, `figure*`,
 * `wrapfigure`) of every `.tex` file, with the figure's own caption (sub-figure captions
 * excluded) and label, and resolves each graphic against the package's files the way LaTeX
 * would: `\graphicspath` prefixes and the default extensions. Paths that try to leave the
 * package are never resolved.
 */
export function findFigureCandidates(
  texFiles: ReadonlyMap<string, string>,
  packageFiles: ReadonlySet<string>,
): FigureCandidate[] {
  const files = [...texFiles.keys()].sort();
  const stripped = new Map(files.map((f) => [f, stripTexComments(texFiles.get(f)!)]));
  const prefixes = [''];
  for (const tex of stripped.values()) {
    for (const { arg } of commandArgs(tex, 'graphicspath')) {
      for (const m of arg.matchAll(/\{([^{}]*)\}/g)) {
        const p = normalise(m[1]!);
        if (p && !prefixes.includes(`${p}/`)) prefixes.push(`${p}/`);
      }
    }
  }
  const lowerIndex = new Map<string, string>();
  for (const f of packageFiles) lowerIndex.set(f, f);
  const resolve = (graphic: string, texFile: string): string | null => {
    const p = normalise(graphic);
    if (!p) return null;
    const texDir = texFile.includes('/') ? texFile.slice(0, texFile.lastIndexOf('/') + 1) : '';
    const bases = [...prefixes, ...(texDir ? [texDir] : [])].map((pre) => pre + p);
    for (const b of bases) if (/\.[A-Za-z]{2,4}$/.test(b) && lowerIndex.has(b)) return b;
    for (const b of bases)
      for (const ext of EXTENSIONS) if (lowerIndex.has(b + ext)) return b + ext;
    return null;
  };

  const out: FigureCandidate[] = [];
  let figureIndex = 0;
  for (const file of files) {
    const tex = stripped.get(file)!;
    for (const { body } of figureEnvironments(tex)) {
      const outer = blankEnvs(body, ['subfigure', 'minipage', 'subfloat']);
      const captions = commandArgs(outer, 'caption');
      const anyCaptions = captions.length > 0 ? captions : commandArgs(body, 'caption');
      const caption = anyCaptions.length > 0 ? clean(anyCaptions[anyCaptions.length - 1]!.arg) : '';
      const labels = commandArgs(outer, 'label');
      const label = labels.length > 0 ? clean(labels[labels.length - 1]!.arg) : null;
      const graphics = commandArgs(body, 'includegraphics');
      for (const g of graphics) {
        out.push({
          graphic: clean(g.arg),
          resolved: resolve(g.arg, file),
          caption,
          label,
          figureIndex,
          graphicsInFigure: graphics.length,
          texFile: file,
        });
      }
      figureIndex++;
    }
  }
  return out;
}

/** Longest figure environment considered; anything longer is not a figure but a broken file. */
const MAX_FIGURE_CHARS = 200_000;

/**
 * Figure environments in document order, found with linear scans (`indexOf`), so a hostile
 * file with thousands of unclosed `\begin{figure}` costs one pass, not one pass per opening.
 */
export function* figureEnvironments(tex: string): Generator<{ name: string; body: string }> {
  const open = /\\begin\{(figure\*?|wrapfigure|SCfigure)\}/g;
  const endSeen = new Map<string, boolean>();
  for (let m = open.exec(tex); m; m = open.exec(tex)) {
    const name = m[1]!;
    if (endSeen.get(name) === false) continue; // no closing tag after here: none will match
    const start = m.index + m[0].length;
    const end = tex.indexOf(`\\end{${name}}`, start);
    if (end === -1) {
      endSeen.set(name, false);
      continue;
    }
    if (end - start <= MAX_FIGURE_CHARS) yield { name, body: tex.slice(start, end) };
    open.lastIndex = end;
  }
}
