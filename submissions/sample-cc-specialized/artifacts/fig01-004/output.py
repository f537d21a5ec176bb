# Reconstructs the source figure as one editable slide with python-pptx.
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR

IMG_W, IMG_H = 1600, 880
SLIDE_W = 12192000
SCALE = SLIDE_W / IMG_W  # EMU per source pixel
E = lambda px: Emu(int(round(px * SCALE)))

prs = Presentation()
prs.slide_width = Emu(SLIDE_W)
prs.slide_height = E(IMG_H)
slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout

# (id, text, x, y, w, h, fill) in source pixels, read off the figure
NODES = [
    ("n0", "Fusion Module", 114, 142, 331, 92, "#d5e8d4"),
    ("n1", "Decoder", 628, 142, 331, 92, "#dae8fc"),
    ("n2", "Text Encoder", 1154, 142, 331, 92, "#ffe6cc"),
    ("n3", "Mask Predictor", 103, 394, 331, 92, "#d5e8d4"),
    ("n4", "Image Encoder", 641, 394, 331, 92, "#fff2cc"),
    ("n5", "Diffusion UNet", 1177, 394, 331, 92, "#f8cecc"),
    ("n6", "Value Head", 110, 645, 331, 92, "#f8cecc"),
    ("n7", "Quantizer", 634, 645, 331, 92, "#dae8fc"),
    ("n8", "Projection Head", 1160, 645, 331, 92, "#ffe6cc"),
]
# (from, to, dashed)
EDGES = [
    ("n0", "n1", False),
    ("n2", "n1", False),
    ("n4", "n3", True),
    ("n4", "n5", False),
    ("n6", "n7", False),
    ("n8", "n7", False),
    ("n2", "n5", False),
    ("n4", "n7", False),
]

GROUPS = [
    ("Stage 1: Pretraining", 92, 605, 1417, 146),
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
