import { isMap, type Document, type LineCounter, type Node } from 'yaml';

/**
 * Line and column (1-based) of the YAML node at `path`, or of its nearest existing parent, so a
 * schema problem can point at the line to fix. With `key`, points at that key inside the map at
 * `path` (e.g. an unknown key).
 */
export function yamlPosition(
  doc: Document,
  path: readonly (string | number)[],
  lc: LineCounter,
  key?: string,
): { line: number; column: number } | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = (n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true)) as
      | Node
      | null
      | undefined;
    if (!node?.range) continue;
    if (key !== undefined && n === path.length && isMap(node)) {
      const pair = node.items.find((it) => (it.key as { value?: unknown } | null)?.value === key);
      const keyNode = pair?.key as Node | undefined;
      if (keyNode?.range) {
        const p = lc.linePos(keyNode.range[0]);
        return { line: p.line, column: p.col };
      }
    }
    const p = lc.linePos(node.range[0]);
    return { line: p.line, column: p.col };
  }
  return undefined;
}
