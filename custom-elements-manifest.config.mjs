// The elements document each attribute with `@attr` on the class and point their `@prop` at it ("See the
// `x` attribute"). The analyzer gives an attribute that a field backs the field's description, which would
// leave the attribute reading "See the `x` attribute"; this plugin puts the `@attr` text back, and spells it
// out in the property's description too (tools show either alone).
const attrDocs = new Map();

/** `{type} name - text` (the type optional) from an `@attr` tag's comment. */
function parseAttr(comment) {
  const match = /^\s*(?:\{[^}]*\}\s*)?([\w-]+)\s*-\s*([\s\S]*)$/.exec(comment);
  return match ? { name: match[1], description: match[2].trim() } : null;
}

const attrDescriptions = {
  name: 'attr-descriptions',
  analyzePhase({ ts, node, moduleDoc }) {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    const docs = new Map();
    for (const tag of ts.getJSDocTags(node)) {
      if (tag.tagName.text !== 'attr') continue;
      const comment = typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment);
      // TypeScript reads `{type}` as part of the comment of a tag it does not know
      const attr = parseAttr(comment ?? '');
      if (attr) docs.set(attr.name, attr.description);
    }
    if (docs.size > 0) attrDocs.set(`${moduleDoc.path}#${node.name.text}`, docs);
  },
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        const docs = attrDocs.get(`${module.path}#${declaration.name}`);
        if (!docs) continue;
        for (const attribute of declaration.attributes ?? []) {
          const description = docs.get(attribute.name);
          if (description) attribute.description = description;
        }
        for (const member of declaration.members ?? []) {
          const pointer = /^See the `([\w-]+)` attribute[;,.]?\s*([\s\S]*)$/.exec(member.description ?? '');
          const description = pointer && docs.get(pointer[1]);
          if (description)
            member.description = pointer[2] ? `${description} As a property: ${pointer[2]}` : description;
        }
      }
    }
  },
};

export default {
  plugins: [attrDescriptions],
};
