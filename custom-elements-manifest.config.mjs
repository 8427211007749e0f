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

// The manifest is the public API (Storybook turns every member into a control): private fields (`#x`),
// `private`/`protected` members, `_`-prefixed ones and members whose JSDoc says `@internal`, `@private` or
// `@ignore` (the hooks elements call on each other, such as an owner's `clipsChanged`) are left out.
const HIDDEN_TAGS = new Set(['internal', 'private', 'ignore']);
const hiddenMembers = new Map();
const internalClasses = new Set();

function isHidden(member, hidden) {
  const name = member.name ?? '';
  return (
    name.startsWith('#') ||
    name.startsWith('_') ||
    member.privacy === 'private' ||
    member.privacy === 'protected' ||
    hidden?.has(name) === true
  );
}

const publicMembersOnly = {
  name: 'public-members-only',
  analyzePhase({ ts, node, moduleDoc }) {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    // a base class marked @internal (the character's attributes) is documented on its element only
    if (ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal'))
      internalClasses.add(`${moduleDoc.path}#${node.name.text}`);
    const hidden = new Set();
    for (const member of node.members) {
      const tags = ts.getJSDocTags(member).map((tag) => tag.tagName.text);
      if (member.name && tags.some((tag) => HIDDEN_TAGS.has(tag))) hidden.add(member.name.getText());
    }
    if (hidden.size > 0) hiddenMembers.set(`${moduleDoc.path}#${node.name.text}`, hidden);
  },
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.declarations = module.declarations?.filter((d) => !internalClasses.has(`${module.path}#${d.name}`));
      module.exports = module.exports?.filter((e) => !internalClasses.has(`${module.path}#${e.declaration?.name}`));
      for (const declaration of module.declarations ?? []) {
        if (!declaration.members) continue;
        const hidden = hiddenMembers.get(`${module.path}#${declaration.name}`);
        declaration.members = declaration.members.filter((member) => !isHidden(member, hidden));
        if (declaration.attributes) {
          // an attribute backed by a hidden field keeps its name, not the field's
          const kept = new Set(declaration.members.map((member) => member.name));
          for (const attribute of declaration.attributes)
            if (attribute.fieldName && !kept.has(attribute.fieldName)) delete attribute.fieldName;
        }
      }
    }
  },
};

export default {
  plugins: [attrDescriptions, publicMembersOnly],
};
