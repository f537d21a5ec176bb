# Reconstructs the source figure as one editable slide with python-pptx.
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR

IMG_W, IMG_H = 1400, 700
SLIDE_W = 12192000
SCALE = SLIDE_W / IMG_W  # EMU per source pixel
E = lambda px: Emu(int(round(px * SCALE)))

prs = Presentation()
prs.slide_width = Emu(SLIDE_W)
prs.slide_height = E(IMG_H)
slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout

# (id, text, x, y, w, h, fill) in source pixels, read off the figure
NODES = [
    ("n0", "Distillation Loss", 64, 161, 217, 98, "#d5e8d4"),
    ("n1", "Adapter", 413, 161, 217, 98, "#fff2cc"),
    ("n2", "Prompt Pool", 774, 161, 217, 98, "#fff2cc"),
    ("n3", "Tool Executor", 1113, 161, 217, 98, "#f8cecc"),
    ("n4", "Tokenizer", 71, 441, 217, 98, "#dae8fc"),
    ("n5", "Transformer Block", 424, 441, 217, 98, "#e1d5e7"),
    ("n6", "Value Head", 776, 441, 217, 98, "#ffe6cc"),
    ("n7", "Student Model", 1116, 441, 217, 98, "#dae8fc"),
]
# (from, to, dashed)
EDGES = [
    ("n0", "n1", False),
    ("n1", "n2", False),
    ("n2", "n3", False),
    ("n4", "n5", False),
    ("n5", "n6", False),
    ("n6", "n7", False),
    ("n1", "n5", False),
]

GROUPS = [
    ("Encoder side", 46, 121, 1302, 152),
]
for text, x, y, w, h in GROUPS:
    box = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, E(x), E(y), E(w), E(h))
    box.fill.background()
    box.line.dash_style = 7  # dash
    label = slide.shapes.add_textbox(E(x + 10), E(y + 5), E(w / 3), E(30))
    label.text_frame.text = text

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
