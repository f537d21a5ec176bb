import type { Problem } from '../errors/problem.ts';
import type { Truth } from '../schemas/task.schema.ts';

/**
 * Pixels a box or point may stick out of the image before it counts as outside: hand-drawn truth
 * boxes hug the figure's edge, and a box drawn in an editor can end half a pixel past it.
 */
const EDGE_SLACK = 2;

type Bbox = [number, number, number, number];

/**
 * Checks that a schema-valid truth.json describes a graph ON its image: every node and group box
 * has a positive size and lies inside the image (within {@link EDGE_SLACK} px), every edge end
 * point lies inside it, node and group ids are unique, every edge end names a node or a group (an
 * arrow at a whole container), every group member names a node, every `parent` names another
 * module whose box holds the child's, without cycles, and a double-headed (`bidirectional`) edge
 * is not also marked undirected. Collects every problem (rule ids `truth-*`) instead of stopping
 * at the first.
 *
 * @param truth the parsed truth
 * @param width image width in pixels (task.json, probed)
 * @param height image height in pixels
 * @param file the truth file, named in every problem
 * @param taskId the task, named in every message
 */
export function checkTruthGeometry(
  truth: Truth,
  width: number,
  height: number,
  file: string,
  taskId: string,
): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, message: string, expected?: string, got?: string, hint?: string) =>
    problems.push({
      severity: 'error',
      rule,
      file,
      message: `task "${taskId}": ${message}`,
      ...(expected !== undefined ? { expected } : {}),
      ...(got !== undefined ? { got } : {}),
      ...(hint !== undefined ? { hint } : {}),
    });
  const inside = `inside 0..${width} × 0..${height}`;
  const checkBox = (what: string, b: Bbox) => {
    if (!b.every(Number.isFinite) || b[2] <= 0 || b[3] <= 0) {
      add('truth-bbox-empty', `${what} has an empty box`, 'w > 0 and h > 0', `[${b.join(', ')}]`);
      return;
    }
    const [x, y, w, h] = b;
    if (
      x < -EDGE_SLACK ||
      y < -EDGE_SLACK ||
      x + w > width + EDGE_SLACK ||
      y + h > height + EDGE_SLACK
    )
      add(
        'truth-bbox-outside-image',
        `${what} lies outside the image`,
        inside,
        `[${b.join(', ')}] (right ${x + w}, bottom ${y + h})`,
        'truth coordinates are source pixels [x, y, w, h]',
      );
  };
  const checkPoint = (what: string, p: [number, number]) => {
    if (
      !p.every(Number.isFinite) ||
      p[0] < -EDGE_SLACK ||
      p[1] < -EDGE_SLACK ||
      p[0] > width + EDGE_SLACK ||
      p[1] > height + EDGE_SLACK
    )
      add(
        'truth-point-outside-image',
        `${what} lies outside the image`,
        inside,
        `[${p.join(', ')}]`,
      );
  };

  const ids = new Set<string>();
  for (const n of truth.nodes) {
    if (ids.has(n.id)) add('truth-duplicate-id', `node id "${n.id}" is used twice`);
    ids.add(n.id);
    checkBox(`node "${n.id}"`, n.bbox);
  }
  const warn = (rule: string, message: string) =>
    problems.push({ severity: 'warning', rule, file, message: `task "${taskId}": ${message}` });
  checkParents(truth, add, warn);
  // A free label sitting inside a textless module is that module's text (TRUTH.md: a label inside
  // a box is the box's text), or one of the two boxes is drawn too large.
  const textless = truth.nodes.filter(
    (n) => (n.kind ?? 'module') === 'module' && n.text.trim() === '',
  );
  for (const l of truth.nodes.filter((n) => n.kind === 'label')) {
    const cx = l.bbox[0] + l.bbox[2] / 2;
    const cy = l.bbox[1] + l.bbox[3] / 2;
    const host = textless.find(
      (m) =>
        m.id !== l.parent &&
        cx > m.bbox[0] &&
        cx < m.bbox[0] + m.bbox[2] &&
        cy > m.bbox[1] &&
        cy < m.bbox[1] + m.bbox[3] &&
        m.bbox[2] * m.bbox[3] > l.bbox[2] * l.bbox[3],
    );
    if (host)
      warn(
        'truth-label-inside-textless-module',
        `label "${l.id}" lies inside the textless module "${host.id}": make it the module's text, set the label's parent, or tighten the boxes`,
      );
  }
  const groupIdsForEdges = new Set(truth.groups.map((g) => g.id));
  truth.edges.forEach((e, i) => {
    const what = `edge ${i} (${e.from} → ${e.to})`;
    for (const end of [e.from, e.to])
      if (!ids.has(end) && !groupIdsForEdges.has(end))
        add(
          'truth-edge-unknown-node',
          `${what} names "${end}", which is neither a node nor a group`,
        );
    if (e.bidirectional && e.directed === false)
      add(
        'truth-edge-bidirectional-undirected',
        `${what} is marked both bidirectional and undirected`,
        'bidirectional: true (arrowheads at both ends) or directed: false (no arrowhead), not both',
      );
    // A loop arrow back into the same box exists in real figures, but is rarely meant: warn.
    if (e.from === e.to)
      problems.push({
        severity: 'warning',
        rule: 'truth-edge-self-loop',
        file,
        message: `task "${taskId}": ${what} connects a node to itself`,
      });
    if (e.start) checkPoint(`${what} start`, e.start);
    if (e.end) checkPoint(`${what} end`, e.end);
  });
  const groupIds = new Set<string>();
  for (const g of truth.groups) {
    if (groupIds.has(g.id) || ids.has(g.id))
      add('truth-duplicate-id', `group id "${g.id}" is used twice (or by a node)`);
    groupIds.add(g.id);
    if (g.bbox) checkBox(`group "${g.id}"`, g.bbox);
    for (const m of g.members)
      if (!ids.has(m))
        add('truth-group-unknown-member', `group "${g.id}" lists "${m}", which is not a node`);
  }
  return problems;
}

/** `parent` names another module whose box holds the child's (within slack), and never loops. */
function checkParents(
  truth: Truth,
  add: (rule: string, message: string, expected?: string, got?: string) => void,
  warn: (rule: string, message: string) => void,
): void {
  const byId = new Map(truth.nodes.map((n) => [n.id, n] as const));
  for (const n of truth.nodes) {
    if (n.parent === undefined) continue;
    const parent = byId.get(n.parent);
    if (!parent || n.parent === n.id) {
      add(
        'truth-parent-unknown',
        `node "${n.id}" names parent "${n.parent}", which is not another node`,
      );
      continue;
    }
    if ((parent.kind ?? 'module') !== 'module')
      add('truth-parent-not-module', `node "${n.id}" has parent "${n.parent}", a free label`);
    const [x, y, w, h] = n.bbox;
    const [px, py, pw, ph] = parent.bbox;
    if (
      x < px - EDGE_SLACK ||
      y < py - EDGE_SLACK ||
      x + w > px + pw + EDGE_SLACK ||
      y + h > py + ph + EDGE_SLACK
    )
      warn(
        'truth-parent-not-around',
        `node "${n.id}" is not inside the box of its parent "${n.parent}"`,
      );
    const seen = new Set([n.id]);
    let at = parent;
    while (at.parent !== undefined) {
      if (seen.has(at.id)) {
        add('truth-parent-cycle', `node "${n.id}": the parent chain loops through "${at.id}"`);
        break;
      }
      seen.add(at.id);
      const next = byId.get(at.parent);
      if (!next) break;
      at = next;
    }
  }
}
