// The elements of custom-elements.json in the shape the generators want: public attributes, properties and
// events of each tag, with a TypeScript type for each value that stands alone (no imports needed).
import { readFileSync } from 'node:fs';

/** A type text made only of primitives and string or number literals, else undefined. */
function standaloneType(text) {
  if (!text) return undefined;
  const parts = text.split('|').map((p) => p.trim());
  const simple = /^(string|number|boolean|null|undefined|'[^']*'|"[^"]*"|-?\d+(\.\d+)?)$/;
  return parts.every((p) => simple.test(p))
    ? parts.filter((p) => p !== 'null' && p !== 'undefined').join(' | ') || undefined
    : undefined;
}

/** The literal values of a union type text (`'a' | 'b'` → ['a', 'b']), for editors' value completion. */
function literalValues(text) {
  const parts = (text ?? '').split('|').map((p) => p.trim());
  const literals = parts.filter((p) => /^'[^']*'$|^"[^"]*"$/.test(p)).map((p) => p.slice(1, -1));
  return literals.length > 0 && literals.length === parts.filter((p) => p !== 'null' && p !== 'undefined').length
    ? literals
    : [];
}

const isPublic = (member) => !member.privacy && !member.name.startsWith('#') && !member.name.startsWith('_');

export function readElements(path = 'custom-elements.json') {
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const elements = [];
  for (const module of manifest.modules) {
    for (const decl of module.declarations ?? []) {
      if (!decl.tagName) continue;
      const fields = (decl.members ?? []).filter((m) => m.kind === 'field' && isPublic(m) && !m.static);
      elements.push({
        tag: decl.tagName,
        className: decl.name,
        description: decl.summary || decl.description || '',
        attributes: (decl.attributes ?? []).map((a) => ({
          name: a.name,
          field: a.fieldName,
          description: a.description ?? '',
          type: standaloneType(a.type?.text),
          values: literalValues(a.type?.text),
          default: a.default,
        })),
        properties: fields
          .filter((f) => !f.readonly)
          .map((f) => ({ name: f.name, description: f.description ?? '', type: standaloneType(f.type?.text) })),
        events: (decl.events ?? [])
          .filter((e) => e.name)
          .map((e) => ({
            name: e.name,
            description: e.description ?? '',
            detail: /^CustomEvent<(\w+)>$/.exec(e.type?.text ?? '')?.[1],
          })),
        slots: decl.slots ?? [],
        cssParts: decl.cssParts ?? [],
      });
    }
  }
  return elements.sort((a, b) => a.tag.localeCompare(b.tag));
}
