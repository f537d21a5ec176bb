import { describe, expect, it } from 'vitest';
import { parseXml, REQUIRES_NS_ATTR } from './parse-xml.ts';
import { PptxReadError } from './pptx-read-error.ts';

const LIMITS = { maxXmlDepth: 256, maxXmlElements: 10_000 };
const parse = (s: string, limits = LIMITS) => parseXml(s, 'part.xml', limits);
const refusal = (
  s: string,
  limits = LIMITS,
): { reason: string; message: string; where?: string } => {
  try {
    parse(s, limits);
  } catch (err) {
    if (err instanceof PptxReadError)
      return { reason: err.reason, message: err.message, where: err.where };
    throw err;
  }
  throw new Error(`accepted: ${s}`);
};

describe('parseXml', () => {
  it('maps the prefixes a file uses to canonical ones, whatever they are', () => {
    const root = parse(
      '<?xml version="1.0"?><x:sld xmlns:x="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:d="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:q="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<d:blip q:embed="rId2"/><other xmlns="urn:x"><y/></other></x:sld>',
    );
    expect(root.name).toBe('p:sld');
    expect(root.children.map((c) => c.name)).toEqual(['a:blip', '{urn:x}other']);
    expect(root.children[0]!.attrs).toEqual({ 'r:embed': 'rId2' });
    expect(root.children[1]!.children[0]!.name).toBe('{urn:x}y');
  });

  it('decodes the predefined entities, character references and CDATA, and keeps whitespace of text', () => {
    const root = parse('<a t="&lt;&amp;&quot;&apos;&gt;">  x &#65;&#x1F600; <![CDATA[<raw>]]></a>');
    expect(root.attrs.t).toBe(`<&"'>`);
    expect(root.text).toBe('  x A😀 <raw>');
  });

  it('resolves mc:Choice@Requires prefixes in the scope of the choice', () => {
    const root = parse(
      '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" Requires="p14 zz"/></mc:AlternateContent>',
    );
    expect(root.children[0]!.attrs[REQUIRES_NS_ATTR]).toBe(
      'http://schemas.microsoft.com/office/powerpoint/2010/main ?zz',
    );
  });

  it('refuses any DTD before it can declare an entity', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>';
    expect(refusal(laughs)).toMatchObject({ reason: 'xml-doctype', where: 'part.xml:1:22' });
    expect(refusal('<!DOCTYPE a SYSTEM "http://127.0.0.1/x.dtd"><a/>').reason).toBe('xml-doctype');
    expect(refusal('<a><!ENTITY x "y"></a>').reason).toBe('xml-doctype');
  });

  it.each([
    ['<a><b></a>', 'expected </b>, found </a>'],
    ['<a><b>', 'unclosed element <b>'],
    ['<a></a><b/>', 'more than one root element'],
    ['<a x=1/>', 'attribute x of <a> is not quoted'],
    ['<a x="1" x="2"/>', 'duplicate attribute x in <a>'],
    ['<a x="1"y="2"/>', 'must be separated by white space'],
    ['<a>&foo;</a>', 'undeclared entity &foo;'],
    ['<a>AT&T</a>', '"&" that does not start an entity reference'],
    ['<a>&#0;</a>', 'invalid character reference'],
    ['<q:a/>', 'undeclared namespace prefix'],
    ['text', 'text outside the root element'],
    ['', 'no root element'],
    ['<a><!-- never closed </a>', 'unterminated comment'],
    ['<a x="<"/>', '"<" in the value of attribute x'],
  ])('refuses malformed %j', (xml, message) => {
    const r = refusal(xml);
    expect(r.reason).toBe('xml-malformed');
    expect(r.message).toContain(message);
  });

  it('bounds nesting depth and element count instead of exhausting the stack or memory', () => {
    const deep = '<a>'.repeat(300) + '</a>'.repeat(300);
    expect(refusal(deep)).toMatchObject({
      reason: 'too-large',
      message: 'the XML part nests elements too deeply',
    });
    const wide = `<a>${'<b/>'.repeat(20_000)}</a>`;
    expect(refusal(wide)).toMatchObject({
      reason: 'too-large',
      message: 'the XML part has too many elements',
    });
    expect(parse(`<a>${'<b/>'.repeat(9_000)}</a>`).children).toHaveLength(9_000);
  });

  it('names line and column of a malformed spot', () => {
    expect(refusal('<a>\n  <b>\n</a>').where).toBe('part.xml:3:1');
  });
});
