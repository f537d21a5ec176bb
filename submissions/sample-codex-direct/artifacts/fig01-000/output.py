# Reconstructs the source figure as one editable slide with python-pptx.
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR

IMG_W, IMG_H = 1800, 756
SLIDE_W = 12192000
SCALE = SLIDE_W / IMG_W  # EMU per source pixel
E = lambda px: Emu(int(round(px * SCALE)))

prs = Presentation()
prs.slide_width = Emu(SLIDE_W)
prs.slide_height = E(IMG_H)
slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout

# (id, text, x, y, w, h, fill) in source pixels, read off the figure
NODES = [
    ("n0", "Adapter", 96, 318, 279, 120, "#dae8fc"),
    ("n1", "", 535, 318, 279, 120, "#f5f5f5"),
    ("n2", "Transformer Block", 982, 318, 279, 120, "#e1d5e7"),
    ("n3", "", 1445, 318, 279, 120, "#dae8fc"),
]
# (from, to, dashed)
EDGES = [
    ("n0", "n1", False),
    ("n1", "n2", False),
    ("n2", "n3", True),
]

shapes = {}
for nid, text, x, y, w, h, fill in NODES:
    shp = slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, E(x), E(y), E(w), E(h))
    shp.fill.solid()
    shp.fill.fore_color.rgb = RGBColor.from_string(fill[1:])
    shp.text_frame.text = text
    shp.text_frame.paragraphs[0].runs[0].font.size = Pt(14) if text else None
    shapes[nid] = shp

# Arrows are real connectors glued to the boxes, so they follow when a box is moved.
for a, b, dashed in EDGES:
    c = slide.shapes.add_connector(MSO_CONNECTOR.STRAIGHT, 0, 0, 0, 0)
    c.begin_connect(shapes[a], 3)
    c.end_connect(shapes[b], 1)
    if dashed:
        c.line.dash_style = 7
    c.line._get_or_add_ln().append(c.line._ln.makeelement("{http://schemas.openxmlformats.org/drawingml/2006/main}tailEnd", {"type": "triangle"}))

prs.save('/work/out/output.pptx')
