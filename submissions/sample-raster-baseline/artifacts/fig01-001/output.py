# Reconstructs the source figure as one editable slide with python-pptx.
from pptx import Presentation
from pptx.util import Emu, Pt
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR

IMG_W, IMG_H = 1600, 992
SLIDE_W = 12192000
SCALE = SLIDE_W / IMG_W  # EMU per source pixel
E = lambda px: Emu(int(round(px * SCALE)))

prs = Presentation()
prs.slide_width = Emu(SLIDE_W)
prs.slide_height = E(IMG_H)
slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout

# Baseline: paste the source image as one picture covering the slide.
slide.shapes.add_picture('/work/input.png', 0, 0, prs.slide_width, prs.slide_height)
prs.save('/work/out/output.pptx')
