/**
 * The truth editor's one page (served by `refig truth edit`): the figure with its nodes (boxes),
 * edges (arrows) and groups drawn over it in SVG, a side panel for the selection, and a toolbar.
 * Self-contained (no framework, no network beyond its own server), so it runs in any browser
 * and under the page's strict content security policy. Coordinates are source pixels: the SVG's
 * viewBox is the image, so what is drawn is exactly what truth.json says.
 */
export const TRUTH_EDITOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>truth editor</title>
<style>
body{margin:0;font:14px system-ui,sans-serif;display:flex;height:100vh;color:#222}
#main{flex:1;overflow:auto;background:#eee;padding:8px}
#side{width:320px;border-left:1px solid #ccc;padding:10px;overflow:auto;background:#fafafa}
#bar{display:flex;flex-wrap:wrap;gap:4px;margin-bottom:8px}
button{font:inherit;padding:3px 8px}button.on{background:#2563eb;color:#fff}
svg{background:#fff;max-width:100%;height:auto;display:block;user-select:none}
.node rect.box{fill:rgba(37,99,235,.08);stroke:#2563eb;stroke-width:var(--sw)}
.node.label rect.box{fill:rgba(22,163,74,.08);stroke:#16a34a;stroke-dasharray:calc(var(--sw)*3)}
.node.low rect.box{stroke:#d97706}
.node text,.group text{font-size:var(--fs);fill:#b91c1c;paint-order:stroke;stroke:#fff;stroke-width:calc(var(--sw)*1.5)}
.group rect.box{fill:none;stroke:#9333ea;stroke-width:var(--sw);stroke-dasharray:calc(var(--sw)*6) calc(var(--sw)*3)}
.edge line{stroke:#dc2626;stroke-width:calc(var(--sw)*1.3)}
.edge .hit{fill:transparent;stroke:none;cursor:pointer}
.edge.undirected line{stroke:#0891b2}
.sel rect.box,.sel line{stroke:#f59e0b!important}
.handle{fill:#f59e0b}
#status{margin-top:8px;white-space:pre-wrap;font-size:12px}
#status.err{color:#b91c1c}#status.ok{color:#15803d}
label{display:block;margin:6px 0 2px}input[type=text],select{width:100%;box-sizing:border-box}
.members label{display:inline;margin:0}
</style></head><body>
<div id="main">
 <div id="bar">
  <button id="tool-select" class="on" data-testid="tool-select">Select</button>
  <button id="tool-node" data-testid="tool-node" title="drag a box on the figure">Add node</button>
  <button id="tool-edge" data-testid="tool-edge" title="click the source, then the target">Add edge</button>
  <button id="tool-group" data-testid="tool-group" title="drag a box around the members">Add group</button>
  <select id="zoom" data-testid="zoom" title="zoom"><option value="fit">fit</option><option value="0.25">25%</option><option value="0.5">50%</option><option value="1">100%</option><option value="2">200%</option></select>
  <button id="save" data-testid="save">Save truth.json</button>
  <span id="summary" data-testid="summary"></span>
 </div>
 <svg id="fig" data-testid="figure" xmlns="http://www.w3.org/2000/svg">
  <defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#dc2626"/></marker></defs>
  <image id="img" href="/image" x="0" y="0"/>
  <g id="layer"></g>
 </svg>
</div>
<div id="side">
 <div><b id="task"></b> <span id="source"></span></div>
 <label for="checked-by">checked by</label><input type="text" id="checked-by" data-testid="checked-by">
 <div id="panel" data-testid="panel"><p>Click a box, an arrow or a group to edit it.</p></div>
 <div id="status" data-testid="status"></div>
 <p style="font-size:12px;color:#555">Blue: module · green dashed: free label · orange: low confidence (draft) · purple: group · red arrow: directed · cyan: undirected.
 Drag a box to move it, its corner to resize. Keys: Delete removes the selection, R reverses an edge.</p>
</div>
<script>
"use strict";
const NS = "http://www.w3.org/2000/svg";
let S = null, doc = null, sel = null, tool = "select", edgeFrom = null, drag = null;
const $ = (id) => document.getElementById(id);
const svg = $("fig"), layer = $("layer");
function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
const r1 = (v) => Math.round(v * 10) / 10;
function nodeById(id) { return doc.nodes.find((n) => n.id === id); }
function freshId(prefix) {
  const used = new Set(doc.nodes.map((n) => n.id).concat(doc.groups.map((g) => g.id)));
  let i = 0; while (used.has(prefix + i)) i++; return prefix + i;
}
// Where the segment from box a's centre to box b's centre leaves box a.
function exitPoint(a, b) {
  const ca = [a[0] + a[2] / 2, a[1] + a[3] / 2], cb = [b[0] + b[2] / 2, b[1] + b[3] / 2];
  const dx = cb[0] - ca[0], dy = cb[1] - ca[1];
  if (dx === 0 && dy === 0) return ca;
  const tx = dx === 0 ? Infinity : (a[2] / 2) / Math.abs(dx), ty = dy === 0 ? Infinity : (a[3] / 2) / Math.abs(dy);
  const t = Math.min(tx, ty, 1);
  return [ca[0] + dx * t, ca[1] + dy * t];
}
function edgeEnds(e) {
  const a = nodeById(e.from), b = nodeById(e.to);
  if (!a || !b) return null;
  return [e.start || exitPoint(a.bbox, b.bbox), e.end || exitPoint(b.bbox, a.bbox)];
}
function toFig(ev) {
  const p = svg.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [Math.max(0, Math.min(S.width, q.x)), Math.max(0, Math.min(S.height, q.y))];
}
function draw() {
  layer.textContent = "";
  doc.groups.forEach((g, i) => {
    const box = g.bbox || [0, 0, 0, 0];
    const gg = el("g", { class: "group" + (sel && sel.type === "group" && sel.i === i ? " sel" : ""), "data-group": g.id }, layer);
    el("rect", { class: "box", x: box[0], y: box[1], width: box[2], height: box[3] }, gg);
    el("text", { x: box[0] + 4, y: box[1] + box[3] - 6 }, gg).textContent = g.text ? "[" + g.text + "]" : "[group]";
    gg.addEventListener("pointerdown", (ev) => pick(ev, { type: "group", i }));
  });
  doc.nodes.forEach((n, i) => {
    const conf = S.confidence.nodes[n.id];
    const cls = "node" + (n.kind === "label" ? " label" : "") + (S.source === "draft" && conf !== undefined && conf < 0.5 ? " low" : "") + (sel && sel.type === "node" && sel.i === i ? " sel" : "");
    const g = el("g", { class: cls, "data-node": n.id }, layer);
    el("rect", { class: "box", x: n.bbox[0], y: n.bbox[1], width: n.bbox[2], height: n.bbox[3] }, g);
    el("text", { x: n.bbox[0], y: n.bbox[1] - 3 }, g).textContent = n.text || "(no text)";
    g.addEventListener("pointerdown", (ev) => pick(ev, { type: "node", i }));
  });
  doc.edges.forEach((e, i) => {
    const ends = edgeEnds(e);
    if (!ends) return;
    const g = el("g", { class: "edge" + (e.directed === false ? " undirected" : "") + (sel && sel.type === "edge" && sel.i === i ? " sel" : ""), "data-edge": i, "data-from": e.from, "data-to": e.to }, layer);
    const at = { x1: ends[0][0], y1: ends[0][1], x2: ends[1][0], y2: ends[1][1] };
    const line = el("line", at, g);
    if (e.directed !== false) line.setAttribute("marker-end", "url(#head)");
    if (e.dashed) line.setAttribute("stroke-dasharray", "8 5");
    // The click target: a band around the arrow (a bare line has no area to click when it is
    // exactly horizontal or vertical).
    const len = Math.hypot(at.x2 - at.x1, at.y2 - at.y1) || 1, w = S.sw * 5;
    const nx = (-(at.y2 - at.y1) / len) * w, ny = ((at.x2 - at.x1) / len) * w;
    el("polygon", { class: "hit", points: [[at.x1 + nx, at.y1 + ny], [at.x2 + nx, at.y2 + ny], [at.x2 - nx, at.y2 - ny], [at.x1 - nx, at.y1 - ny]].map((q) => q.join(",")).join(" ") }, g);
    g.addEventListener("pointerdown", (ev) => pick(ev, { type: "edge", i }));
  });
  if (sel && (sel.type === "node" || sel.type === "group")) {
    const b = sel.type === "node" ? doc.nodes[sel.i].bbox : doc.groups[sel.i].bbox;
    if (b) {
      const s = S.sw * 5;
      const h = el("rect", { class: "handle", x: b[0] + b[2] - s / 2, y: b[1] + b[3] - s / 2, width: s, height: s, "data-testid": "resize" }, layer);
      h.addEventListener("pointerdown", (ev) => { ev.stopPropagation(); drag = { kind: "resize", box: b, from: toFig(ev), orig: b.slice() }; });
    }
  }
  $("summary").textContent = doc.nodes.length + " nodes · " + doc.edges.length + " edges (" + doc.edges.filter((e) => e.directed !== false).length + " directed) · " + doc.groups.length + " groups";
}
function pick(ev, what) {
  ev.stopPropagation();
  if (tool === "edge" && what.type === "node") {
    const id = doc.nodes[what.i].id;
    if (!edgeFrom) { edgeFrom = id; status("edge from " + id + ": now click the target", ""); return; }
    if (edgeFrom !== id) { doc.edges.push({ from: edgeFrom, to: id, directed: true }); sel = { type: "edge", i: doc.edges.length - 1 }; }
    edgeFrom = null; setTool("select"); draw(); panel(); return;
  }
  if (tool !== "select") return;
  sel = what; draw(); panel();
  if (what.type !== "edge") {
    const b = what.type === "node" ? doc.nodes[what.i].bbox : doc.groups[what.i].bbox;
    if (b) drag = { kind: "move", box: b, from: toFig(ev), orig: b.slice(), node: what.type === "node" ? doc.nodes[what.i].id : null };
  }
}
svg.addEventListener("pointerdown", (ev) => {
  if (tool === "node" || tool === "group") { const p = toFig(ev); drag = { kind: "create", from: p, box: [p[0], p[1], 0, 0] }; draw(); return; }
  if (tool === "select") { sel = null; draw(); panel(); }
});
svg.addEventListener("pointermove", (ev) => {
  if (!drag) return;
  const p = toFig(ev), dx = p[0] - drag.from[0], dy = p[1] - drag.from[1];
  if (drag.kind === "move") { drag.box[0] = r1(drag.orig[0] + dx); drag.box[1] = r1(drag.orig[1] + dy); drag.moved = true; }
  else if (drag.kind === "resize") { drag.box[2] = r1(Math.max(2, drag.orig[2] + dx)); drag.box[3] = r1(Math.max(2, drag.orig[3] + dy)); drag.moved = true; }
  else { drag.box = [r1(Math.min(p[0], drag.from[0])), r1(Math.min(p[1], drag.from[1])), r1(Math.abs(dx)), r1(Math.abs(dy))];
    let ghost = $("ghost"); if (!ghost) ghost = el("rect", { id: "ghost", fill: "none", stroke: "#f59e0b", "stroke-width": S.sw }, layer);
    ghost.setAttribute("x", drag.box[0]); ghost.setAttribute("y", drag.box[1]); ghost.setAttribute("width", drag.box[2]); ghost.setAttribute("height", drag.box[3]); return; }
  draw();
});
window.addEventListener("pointerup", () => {
  if (!drag) return;
  const d = drag; drag = null;
  if (d.moved && sel && sel.type === "node") detach(doc.nodes[sel.i].id);
  if (d.kind === "create" && d.box[2] >= 3 && d.box[3] >= 3) {
    if (tool === "node") {
      const id = freshId("n");
      doc.nodes.push({ id, text: "", bbox: d.box, kind: "module" });
      sel = { type: "node", i: doc.nodes.length - 1 };
    } else {
      const inside = doc.nodes.filter((n) => n.bbox[0] >= d.box[0] && n.bbox[1] >= d.box[1] && n.bbox[0] + n.bbox[2] <= d.box[0] + d.box[2] && n.bbox[1] + n.bbox[3] <= d.box[1] + d.box[3]);
      doc.groups.push({ id: freshId("g"), text: "", bbox: d.box, members: inside.map((n) => n.id) });
      sel = { type: "group", i: doc.groups.length - 1 };
    }
    setTool("select");
  }
  draw(); panel();
  if (sel && sel.type === "node" && d.kind === "create") { const t = $("p-text"); if (t) t.focus(); }
});
// A moved box invalidates the drawn end points of its edges: they are redrawn box to box.
function detach(id) { for (const e of doc.edges) if (e.from === id || e.to === id) { delete e.start; delete e.end; } }
function reverse(e) { const f = e.from; e.from = e.to; e.to = f; const s = e.start; if (e.end) e.start = e.end; else delete e.start; if (s) e.end = s; else delete e.end; }
function removeSel() {
  if (!sel) return;
  if (sel.type === "node") {
    const id = doc.nodes[sel.i].id;
    doc.nodes.splice(sel.i, 1);
    doc.edges = doc.edges.filter((e) => e.from !== id && e.to !== id);
    for (const g of doc.groups) g.members = g.members.filter((m) => m !== id);
  } else if (sel.type === "edge") doc.edges.splice(sel.i, 1);
  else doc.groups.splice(sel.i, 1);
  sel = null; draw(); panel();
}
function opt(sel_, v) { const o = document.createElement("option"); o.value = v; o.textContent = v; sel_.appendChild(o); return o; }
function field(p, label, input) { const l = document.createElement("label"); l.textContent = label; l.htmlFor = input.id; p.appendChild(l); p.appendChild(input); }
function button(p, text, testid, fn) { const b = document.createElement("button"); b.textContent = text; b.dataset.testid = testid; b.onclick = fn; p.appendChild(b); return b; }
function panel() {
  const p = $("panel"); p.textContent = "";
  if (!sel) { p.innerHTML = "<p>Click a box, an arrow or a group to edit it.</p>"; return; }
  const h = document.createElement("h3"); p.appendChild(h);
  if (sel.type === "node") {
    const n = doc.nodes[sel.i]; h.textContent = "node " + n.id;
    const t = document.createElement("input"); t.type = "text"; t.id = "p-text"; t.dataset.testid = "node-text"; t.value = n.text;
    t.oninput = () => { n.text = t.value; draw(); }; field(p, "text", t);
    const k = document.createElement("select"); k.id = "p-kind"; k.dataset.testid = "node-kind"; opt(k, "module"); opt(k, "label"); k.value = n.kind || "module";
    k.onchange = () => { n.kind = k.value; draw(); }; field(p, "kind", k);
    const b = document.createElement("div"); b.textContent = "bbox [" + n.bbox.map(Math.round).join(", ") + "]"; p.appendChild(b);
    const c = S.confidence.nodes[n.id]; if (S.source === "draft" && c !== undefined) { const d = document.createElement("div"); d.textContent = "draft confidence " + c.toFixed(2); p.appendChild(d); }
    const gs = document.createElement("div"); gs.className = "members"; gs.innerHTML = "<label>in groups</label>";
    doc.groups.forEach((g) => { const cb = document.createElement("input"); cb.type = "checkbox"; cb.checked = g.members.includes(n.id); cb.dataset.testid = "member-of-" + g.id;
      cb.onchange = () => { g.members = cb.checked ? g.members.concat([n.id]) : g.members.filter((m) => m !== n.id); };
      const l = document.createElement("label"); l.append(cb, " " + (g.text || g.id) + " "); gs.appendChild(l); });
    p.appendChild(gs);
  } else if (sel.type === "edge") {
    const e = doc.edges[sel.i]; h.textContent = "edge " + e.from + (e.directed === false ? " — " : " → ") + e.to;
    for (const end of ["from", "to"]) { const s = document.createElement("select"); s.id = "p-" + end; s.dataset.testid = "edge-" + end;
      for (const n of doc.nodes) opt(s, n.id).textContent = n.id + ": " + n.text.slice(0, 30);
      s.value = e[end]; s.onchange = () => { e[end] = s.value; delete e.start; delete e.end; draw(); panel(); }; field(p, end, s); }
    const d = document.createElement("input"); d.type = "checkbox"; d.id = "p-directed"; d.dataset.testid = "edge-directed"; d.checked = e.directed !== false;
    d.onchange = () => { e.directed = d.checked; draw(); panel(); }; field(p, "directed (arrowhead at 'to')", d);
    const ds = document.createElement("input"); ds.type = "checkbox"; ds.id = "p-dashed"; ds.checked = !!e.dashed;
    ds.onchange = () => { if (ds.checked) e.dashed = true; else delete e.dashed; draw(); }; field(p, "dashed", ds);
    p.appendChild(document.createElement("br"));
    button(p, "Reverse", "edge-reverse", () => { reverse(e); draw(); panel(); });
  } else {
    const g = doc.groups[sel.i]; h.textContent = "group " + g.id;
    const t = document.createElement("input"); t.type = "text"; t.id = "p-gtext"; t.dataset.testid = "group-text"; t.value = g.text;
    t.oninput = () => { g.text = t.value; draw(); }; field(p, "caption", t);
    const ms = document.createElement("div"); ms.className = "members"; ms.innerHTML = "<label>members</label>";
    doc.nodes.forEach((n) => { const cb = document.createElement("input"); cb.type = "checkbox"; cb.checked = g.members.includes(n.id); cb.dataset.testid = "member-" + n.id;
      cb.onchange = () => { g.members = cb.checked ? g.members.concat([n.id]) : g.members.filter((m) => m !== n.id); };
      const l = document.createElement("label"); l.append(cb, " " + n.id + ": " + n.text.slice(0, 24)); ms.appendChild(l); ms.appendChild(document.createElement("br")); });
    p.appendChild(ms);
  }
  p.appendChild(document.createElement("br"));
  button(p, "Delete", "delete", removeSel);
}
function setTool(t) { tool = t; edgeFrom = null; for (const n of ["select", "node", "edge", "group"]) $("tool-" + n).classList.toggle("on", n === t); }
for (const n of ["select", "node", "edge", "group"]) $("tool-" + n).onclick = () => setTool(n);
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  if (ev.key === "Delete" || ev.key === "Backspace") removeSel();
  if ((ev.key === "r" || ev.key === "R") && sel && sel.type === "edge") { reverse(doc.edges[sel.i]); draw(); panel(); }
  if (ev.key === "Escape") { setTool("select"); sel = null; draw(); panel(); }
});
// Large figures (thousands of pixels wide) need zooming in to place a box; #main scrolls.
function zoom() {
  const z = $("zoom").value;
  if (z === "fit") { svg.style.maxWidth = "100%"; svg.setAttribute("width", S.width); }
  else { svg.style.maxWidth = "none"; svg.setAttribute("width", Math.round(S.width * Number(z))); }
}
$("zoom").onchange = zoom;
function status(text, cls) { const s = $("status"); s.textContent = text; s.className = cls; }
$("save").onclick = async () => {
  const out = { id: doc.id, width: doc.width, height: doc.height,
    nodes: doc.nodes.map((n) => Object.assign({ id: n.id, text: n.text, bbox: n.bbox.map(r1), kind: n.kind || "module" }, n.fill ? { fill: n.fill } : {})),
    edges: doc.edges.map((e) => Object.assign({ from: e.from, to: e.to, directed: e.directed !== false }, e.dashed ? { dashed: true } : {}, e.start ? { start: e.start } : {}, e.end ? { end: e.end } : {})),
    groups: doc.groups.map((g) => Object.assign({ id: g.id, text: g.text, members: g.members }, g.bbox ? { bbox: g.bbox.map(r1) } : {})),
    provenance: Object.assign({ checkedBy: $("checked-by").value, date: "0000-00-00" }, doc.provenance && doc.provenance.notes ? { notes: doc.provenance.notes } : {}) };
  const res = await fetch("/api/save", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(out) });
  const r = await res.json();
  if (r.ok) { S.source = "truth"; $("source").textContent = "(truth.json)"; status("saved " + r.file + ": " + r.nodes + " nodes, " + r.edges + " edges, " + r.groups + " groups" + (r.warnings.length ? "\\n" + r.warnings.join("\\n") : ""), "ok"); }
  else status("not saved:\\n" + r.problems.join("\\n"), "err");
};
(async () => {
  S = await (await fetch("/api/state")).json();
  doc = S.truth;
  for (const n of doc.nodes) if (!n.kind) n.kind = "module";
  svg.setAttribute("viewBox", "0 0 " + S.width + " " + S.height);
  svg.setAttribute("width", S.width); svg.setAttribute("height", S.height);
  $("img").setAttribute("width", S.width); $("img").setAttribute("height", S.height);
  S.sw = Math.max(1, Math.max(S.width, S.height) / 900);
  svg.style.setProperty("--sw", S.sw + "px"); svg.style.setProperty("--fs", (S.sw * 11) + "px");
  $("task").textContent = S.taskId;
  $("source").textContent = "(" + (S.source === "truth" ? "truth.json" : S.source === "draft" ? "draft " + (S.draftedBy ? S.draftedBy.name + " " + S.draftedBy.version : "") : "empty") + ")";
  $("checked-by").value = (doc.provenance && doc.provenance.checkedBy) || S.checkedBy;
  draw(); panel();
  document.body.dataset.ready = "1";
})();
</script></body></html>
`;
