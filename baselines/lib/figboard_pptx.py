"""The one-slide PPTX writer FigBoard's scripted baselines embed in each ``output.py``.

Every baseline agent writes an ``output.py`` that holds its drawing as data plus this writer's
source (``WRITER``), so each task's program is self-contained and standard-library only, and the
deck on the board is exactly what that program writes. Shapes are drawn in list order:

- ``{"kind": "text", x, y, w, h, pt, text}`` a native text box;
- ``{"kind": "box", x, y, w, h, pt, text}`` a rounded rectangle holding its label;
- ``{"kind": "frame", x, y, w, h}`` a dashed, unfilled container frame;
- ``{"kind": "connector", x, y, w, h, flipH, flipV, start, end, head}`` a straight connector glued
  to the shapes at list indices ``start`` and ``end`` (site 0-3, as ``[index, site]``), with an
  arrowhead at its end when ``head``;
- ``{"kind": "picture", x, y, w, h}`` the picture ``IMAGE`` = ``(extension, base64 bytes)``.

Coordinates are EMU. Fixed zip dates and sorted parts: the same data gives the same bytes.
"""

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


def xfrm(s):
    flips = (' flipH="1"' if s.get("flipH") else "") + (' flipV="1"' if s.get("flipV") else "")
    return '<a:xfrm%s><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>' % (
        flips, s["x"], s["y"], s["w"], s["h"])


def body(s, anchor="ctr", wrap="none"):
    return (
        '<p:txBody><a:bodyPr wrap="%s" lIns="0" tIns="0" rIns="0" bIns="0" anchor="%s"><a:noAutofit/></a:bodyPr>'
        '<a:lstStyle/><a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="en-US" sz="%d"><a:solidFill><a:srgbClr val="000000"/></a:solidFill>'
        '</a:rPr><a:t>%s</a:t></a:r></a:p></p:txBody>'
    ) % (wrap, anchor, round(s["pt"] * 100), escape(s["text"]))


def shape_xml(i, s):
    sid = i + 2
    if s["kind"] == "text":
        return (
            '<p:sp><p:nvSpPr><p:cNvPr id="%d" name="Text %d"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
            '<p:spPr>%s<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>%s</p:sp>'
        ) % (sid, i + 1, xfrm(s), body(s))
    if s["kind"] == "box":
        return (
            '<p:sp><p:nvSpPr><p:cNvPr id="%d" name="Module %d"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
            '<p:spPr>%s<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>'
            '<a:solidFill><a:srgbClr val="DAE8FC"/></a:solidFill><a:ln w="12700"><a:solidFill><a:srgbClr val="333333"/></a:solidFill></a:ln>'
            '</p:spPr>%s</p:sp>'
        ) % (sid, i + 1, xfrm(s), body(s, wrap="square"))
    if s["kind"] == "frame":
        return (
            '<p:sp><p:nvSpPr><p:cNvPr id="%d" name="Group %d"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
            '<p:spPr>%s<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/>'
            '<a:ln w="12700"><a:solidFill><a:srgbClr val="555555"/></a:solidFill><a:prstDash val="dash"/></a:ln>'
            '</p:spPr></p:sp>'
        ) % (sid, i + 1, xfrm(s))
    if s["kind"] == "connector":
        head = '<a:tailEnd type="triangle"/>' if s.get("head") else ""
        return (
            '<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="%d" name="Connector %d"/><p:cNvCxnSpPr>'
            '<a:stCxn id="%d" idx="%d"/><a:endCxn id="%d" idx="%d"/></p:cNvCxnSpPr><p:nvPr/></p:nvCxnSpPr>'
            '<p:spPr>%s<a:prstGeom prst="straightConnector1"><a:avLst/></a:prstGeom>'
            '<a:ln w="19050"><a:solidFill><a:srgbClr val="555555"/></a:solidFill>%s</a:ln></p:spPr></p:cxnSp>'
        ) % (sid, i + 1, s["start"][0] + 2, s["start"][1], s["end"][0] + 2, s["end"][1], xfrm(s), head)
    if s["kind"] == "picture":
        return (
            '<p:pic><p:nvPicPr><p:cNvPr id="%d" name="Figure %d"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>'
            '<p:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>'
            '<p:spPr>%s<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>'
        ) % (sid, i + 1, xfrm(s))
    raise ValueError("unknown shape kind %r" % s["kind"])


def parts(image):
    ct = "application/vnd.openxmlformats-officedocument.presentationml"
    p = {}
    media = ""
    if image is not None:
        media = '<Default Extension="%s" ContentType="image/%s"/>' % (image[0], "jpeg" if image[0] == "jpeg" else "png")
    p["[Content_Types].xml"] = (
        HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>' + media +
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
        + "".join(shape_xml(i, s) for i, s in enumerate(SHAPES))
        + "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>")
    slide_rels = ['<Relationship Id="rId1" Type="%s/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>' % REL]
    if image is not None:
        slide_rels.append('<Relationship Id="rId2" Type="%s/image" Target="../media/image1.%s"/>' % (REL, image[0]))
    p["ppt/slides/_rels/slide1.xml.rels"] = rels(slide_rels)
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
    here = os.path.dirname(os.path.abspath(__file__))
    image = None
    if IMAGE is not None:
        import base64
        image = (IMAGE[0], base64.b64decode(IMAGE[1]))
    out = os.path.join(here, "output.pptx")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        files = {name: text.encode("utf-8") for name, text in parts(image).items()}
        if image is not None:
            files["ppt/media/image1." + image[0]] = image[1]
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[name])


if __name__ == "__main__":
    main()
'''


LONG_SIDE_IN = 13.333
EMU_PER_IN = 914400


def slide_size(width, height):
    """Slide size in EMU with the figure's aspect ratio, long side 13.333 in, each side >= 1 in."""
    if width >= height:
        w_in, h_in = LONG_SIDE_IN, LONG_SIDE_IN * height / width
    else:
        w_in, h_in = LONG_SIDE_IN * width / height, LONG_SIDE_IN
    return round(max(1.0, w_in) * EMU_PER_IN), round(max(1.0, h_in) * EMU_PER_IN)


def write_program(path, header, cx, cy, shapes, image=None):
    """Writes a self-contained output.py: the header comment, the drawing as data, the writer."""
    import pprint
    data = "SLIDE_CX = %d\nSLIDE_CY = %d\nIMAGE = %r\nSHAPES = %s\n" % (
        cx, cy, image, pprint.pformat(shapes, width=100, sort_dicts=True))
    with open(path, "w", encoding="utf-8") as f:
        f.write(header + data + WRITER)
