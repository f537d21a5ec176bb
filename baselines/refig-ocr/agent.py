#!/usr/bin/env python3
"""FigBoard's OCR baseline "agent" for the refig track: a deterministic floor, not a model.

It reads the figure with tesseract (the words and where they are), groups the words into lines,
and writes ``output.py``: a self-contained Python script (standard library only) that writes
``output.pptx``, one slide of the figure's aspect ratio with one native text box per line at the
line's position. It then runs that script, so the deck on the board is exactly what the code in
the submission writes. No shapes, no arrows, no pictures: everything but the text is missing.

Usage (as the reference runner calls any agent):
    python3 agent.py INPUT_IMAGE OUT_DIR

Log lines (JSON) go to stdout; the runner keeps them as ``output.jsonl``.
Same image and tesseract version -> the same bytes (fixed zip dates, sorted parts, one thread).
"""

import csv
import io
import json
import os
import subprocess
import sys

# Words tesseract is less sure of than this are left out (its scale is 0-100).
MIN_CONFIDENCE = 50
# Page segmentation 11 ("sparse text"): figure labels are scattered, not paragraphs.
PAGE_SEGMENTATION = "11"
# The slide's long side in inches (13.333 in = the width of a 16:9 PowerPoint slide).
LONG_SIDE_IN = 13.333
EMU_PER_IN = 914400


def log(event, **fields):
    print(json.dumps({"type": "figboard-baseline", "event": event, **fields}, sort_keys=True))


def read_words(image):
    """Runs tesseract and returns (width, height, words) with each word's box in pixels."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "OMP_THREAD_LIMIT": "1", "LANG": "C.UTF-8"}
    tsv = subprocess.run(
        ["tesseract", image, "stdout", "--psm", PAGE_SEGMENTATION, "-l", "eng", "tsv"],
        check=True, capture_output=True, env=env,
    ).stdout.decode("utf-8", "replace")
    width = height = 0
    words = []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row["level"] == "1":
            width, height = int(row["width"]), int(row["height"])
        text = (row.get("text") or "").strip()
        if row["level"] != "5" or not text or float(row["conf"]) < MIN_CONFIDENCE:
            continue
        words.append({
            "line": (int(row["block_num"]), int(row["par_num"]), int(row["line_num"])),
            "x": int(row["left"]), "y": int(row["top"]),
            "w": int(row["width"]), "h": int(row["height"]), "text": text,
        })
    return width, height, words


def group_lines(words):
    """Words of one tesseract line -> one line: text in reading order, the union of the boxes."""
    lines = {}
    for w in words:
        lines.setdefault(w["line"], []).append(w)
    out = []
    for key in sorted(lines):
        ws = sorted(lines[key], key=lambda w: w["x"])
        x0 = min(w["x"] for w in ws)
        y0 = min(w["y"] for w in ws)
        x1 = max(w["x"] + w["w"] for w in ws)
        y1 = max(w["y"] + w["h"] for w in ws)
        heights = sorted(w["h"] for w in ws)
        out.append({
            "text": " ".join(w["text"] for w in ws), "x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0,
            # the median word height: one tall stray box (a rule, an icon) does not inflate the font
            "wordHeight": heights[len(heights) // 2],
        })
    return sorted(out, key=lambda l: (l["y"], l["x"], l["text"]))


def slide_size(width, height):
    """Slide size in EMU with the figure's aspect ratio, long side 13.333 in, each side >= 1 in."""
    if width >= height:
        w_in, h_in = LONG_SIDE_IN, LONG_SIDE_IN * height / width
    else:
        w_in, h_in = LONG_SIDE_IN * width / height, LONG_SIDE_IN
    return round(max(1.0, w_in) * EMU_PER_IN), round(max(1.0, h_in) * EMU_PER_IN)


def font_points(line, sx, sy):
    """A font size that matches the word height and still fits the line's width (6-60 pt):
    a word box spans about 0.9 em; an average character of a sans face is about 0.5 em wide."""
    to_pt = 72 / EMU_PER_IN
    by_height = line["wordHeight"] * sy * to_pt / 0.9
    by_width = line["w"] * sx * to_pt / (0.5 * max(1, len(line["text"])))
    return max(6.0, min(60.0, round(min(by_height, by_width) * 2) / 2))


def boxes_for_slide(lines, width, height, cx, cy):
    """Pixel boxes -> slide EMU, each with its font size in points."""
    sx, sy = cx / width, cy / height
    return [{
        "text": l["text"],
        "x": round(l["x"] * sx), "y": round(l["y"] * sy),
        "w": max(1, round(l["w"] * sx)), "h": max(1, round(l["h"] * sy)),
        "pt": font_points(l, sx, sy),
    } for l in lines]


# The generated output.py: the data above plus a minimal, standard-library PPTX writer.
WRITER = r'''
import os
import zipfile
from xml.sax.saxutils import escape

NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
TREE = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'


def rels(items):
    return (HEAD + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + "".join(items) + "</Relationships>")


def text_box(i, b):
    return (
        '<p:sp><p:nvSpPr><p:cNvPr id="%d" name="Text %d"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>'
        '<p:txBody><a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0" anchor="ctr"><a:noAutofit/></a:bodyPr>'
        '<a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="%d"><a:solidFill><a:srgbClr val="000000"/></a:solidFill>'
        '</a:rPr><a:t>%s</a:t></a:r></a:p></p:txBody></p:sp>'
    ) % (i + 2, i + 1, b["x"], b["y"], b["w"], b["h"], round(b["pt"] * 100), escape(b["text"]))


def parts():
    ct = "application/vnd.openxmlformats-officedocument.presentationml"
    p = {}
    p["[Content_Types].xml"] = (
        HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/ppt/presentation.xml" ContentType="' + ct + '.presentation.main+xml"/>'
        '<Override PartName="/ppt/slides/slide1.xml" ContentType="' + ct + '.slide+xml"/>'
        '<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="' + ct + '.slideLayout+xml"/>'
        '<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="' + ct + '.slideMaster+xml"/>'
        '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
        "</Types>")
    p["_rels/.rels"] = rels(['<Relationship Id="rId1" Type="%s/officeDocument" Target="ppt/presentation.xml"/>' % REL])
    p["ppt/presentation.xml"] = (
        HEAD + "<p:presentation " + NS + ">"
        '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>'
        '<p:sldIdLst><p:sldId id="256" r:id="rId10"/></p:sldIdLst>'
        '<p:sldSz cx="%d" cy="%d"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>' % (SLIDE_CX, SLIDE_CY))
    p["ppt/_rels/presentation.xml.rels"] = rels([
        '<Relationship Id="rId1" Type="%s/slideMaster" Target="slideMasters/slideMaster1.xml"/>' % REL,
        '<Relationship Id="rId2" Type="%s/theme" Target="theme/theme1.xml"/>' % REL,
        '<Relationship Id="rId10" Type="%s/slide" Target="slides/slide1.xml"/>' % REL])
    p["ppt/slides/slide1.xml"] = (
        HEAD + "<p:sld " + NS + "><p:cSld><p:spTree>" + TREE
        + "".join(text_box(i, b) for i, b in enumerate(BOXES))
        + "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>")
    p["ppt/slides/_rels/slide1.xml.rels"] = rels(
        ['<Relationship Id="rId1" Type="%s/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>' % REL])
    p["ppt/slideLayouts/slideLayout1.xml"] = (
        HEAD + "<p:sldLayout " + NS + ' type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>' + TREE
        + "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>")
    p["ppt/slideLayouts/_rels/slideLayout1.xml.rels"] = rels(
        ['<Relationship Id="rId1" Type="%s/slideMaster" Target="../slideMasters/slideMaster1.xml"/>' % REL])
    p["ppt/slideMasters/slideMaster1.xml"] = (
        HEAD + "<p:sldMaster " + NS + "><p:cSld><p:spTree>" + TREE + "</p:spTree></p:cSld>"
        '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" '
        'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
        '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>')
    p["ppt/slideMasters/_rels/slideMaster1.xml.rels"] = rels([
        '<Relationship Id="rId1" Type="%s/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>' % REL,
        '<Relationship Id="rId2" Type="%s/theme" Target="../theme/theme1.xml"/>' % REL])
    colours = [("dk1", "000000"), ("lt1", "FFFFFF"), ("dk2", "44546A"), ("lt2", "E7E6E6"),
               ("accent1", "4472C4"), ("accent2", "ED7D31"), ("accent3", "A5A5A5"), ("accent4", "FFC000"),
               ("accent5", "5B9BD5"), ("accent6", "70AD47"), ("hlink", "0563C1"), ("folHlink", "954F72")]
    fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    line = '<a:ln w="%d">' + fill + "</a:ln>"
    p["ppt/theme/theme1.xml"] = (
        HEAD + '<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Baseline">'
        '<a:themeElements><a:clrScheme name="Baseline">'
        + "".join('<a:%s><a:srgbClr val="%s"/></a:%s>' % (n, v, n) for n, v in colours)
        + '</a:clrScheme><a:fontScheme name="Baseline">'
        '<a:majorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>'
        '<a:minorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>'
        '</a:fontScheme><a:fmtScheme name="Baseline"><a:fillStyleLst>' + fill * 3 + "</a:fillStyleLst>"
        "<a:lnStyleLst>" + "".join(line % w for w in (6350, 12700, 19050)) + "</a:lnStyleLst>"
        "<a:effectStyleLst>" + "<a:effectStyle><a:effectLst/></a:effectStyle>" * 3 + "</a:effectStyleLst>"
        "<a:bgFillStyleLst>" + fill * 3 + "</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>")
    return p


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "output.pptx")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in sorted(parts().items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))


if __name__ == "__main__":
    main()
'''


def write_program(path, boxes, cx, cy):
    header = (
        "# Generated by FigBoard's OCR baseline (baselines/refig-ocr/agent.py): one slide, one native\n"
        "# text box per line tesseract read from the figure, placed where the line is. Standard library only.\n"
        "# Run: python3 output.py  (writes output.pptx next to this file)\n"
    )
    data = "SLIDE_CX = %d\nSLIDE_CY = %d\nBOXES = %s\n" % (cx, cy, json.dumps(boxes, indent=1, ensure_ascii=False))
    with open(path, "w", encoding="utf-8") as f:
        f.write(header + data + WRITER)


def main(argv):
    if len(argv) != 3:
        print("usage: agent.py INPUT_IMAGE OUT_DIR", file=sys.stderr)
        return 2
    image, out_dir = argv[1], argv[2]
    os.makedirs(out_dir, exist_ok=True)
    width, height, words = read_words(image)
    if width <= 0 or height <= 0:
        print("tesseract reported no page size for %s" % image, file=sys.stderr)
        return 1
    lines = group_lines(words)
    log("ocr", width=width, height=height, words=len(words), lines=len(lines))
    cx, cy = slide_size(width, height)
    program = os.path.join(out_dir, "output.py")
    write_program(program, boxes_for_slide(lines, width, height, cx, cy), cx, cy)
    subprocess.run([sys.executable, program], check=True)
    log("deck", path="output.pptx", textBoxes=len(lines), slideEmu=[cx, cy])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
