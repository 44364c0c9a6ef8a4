/**
 * Characters XML 1.0 does not allow at all (C0 controls but tab, line feed and carriage return; lone
 * surrogates; U+FFFE and U+FFFF): user text may hold them, and one would make a feed unparsable.
 */
// eslint-disable-next-line no-control-regex -- finding the control characters XML forbids is the point
const NOT_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML or XML text and quoted attribute values (user text in pages, feeds, tags). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(NOT_XML_CHARS, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
