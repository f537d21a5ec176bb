# Reconstructs the source figure as one editable slide with python-pptx.
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR

IMG_W, IMG_H = 1400, 770
SLIDE_W = 12192000
SCALE = SLIDE_W / IMG_W  # EMU per source pixel
E = lambda px: Emu(int(round(px * SCALE)))

prs = Presentation()
prs.slide_width = Emu(SLIDE_W)
prs.slide_height = E(IMG_H)
slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout

# (id, text, x, y, w, h, fill) in source pixels, read off the figure
NODES = [
    ("n0", "Critic", 322, 125, 174, 81, "#d5e8d4"),
    ("n1", "Cross-Attention", 603, 125, 174, 81, "#f5f5f5"),
    ("n2", "VAE Decoder", 887, 125, 174, 81, "#f5f5f5"),
    ("n3", "Classifier", 1172, 125, 174, 81, "#e1d5e7"),
    ("n4", "Reranker", 61, 345, 174, 81, "#f5f5f5"),
    ("n5", "Augmentation", 338, 345, 174, 81, "#f5f5f5"),
    ("n6", "Distillation Loss", 603, 345, 174, 81, "#e1d5e7"),
    ("n7", "Fusion Module", 890, 345, 174, 81, "#d5e8d4"),
    ("n8", "Prompt Pool", 1175, 345, 174, 81, "#d5e8d4"),
    ("n9", "Contrastive Loss", 55, 565, 174, 81, "#f8cecc"),
    ("n10", "Patch Embedding", 324, 565, 174, 81, "#f8cecc"),
    ("n11", "Transformer Block", 611, 565, 174, 81, "#fff2cc"),
    ("n12", "Readout", 893, 565, 174, 81, "#e1d5e7"),
    ("n13", "Decoder", 1176, 565, 174, 81, "#ffe6cc"),
    ("n14", "Teacher Model", 55, 125, 174, 81, "#f8cecc"),
]
# (from, to, dashed)
EDGES = [
    ("n0", "n1", False),
    ("n2", "n1", False),
    ("n3", "n2", True),
    ("n3", "n4", True),
    ("n5", "n6", False),
    ("n6", "n7", False),
    ("n7", "n8", False),
    ("n9", "n8", False),
    ("n10", "n11", False),
    ("n11", "n12", False),
    ("n12", "n13", False),
    ("n13", "n14", True),
    ("n4", "n9", False),
    ("n8", "n13", True),
]

GROUPS = [
    ("Inference", 37, 85, 1327, 135),
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
