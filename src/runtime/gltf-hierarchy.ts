import { AnimError } from './errors.js';

/** What the check reads of a glTF node (a `GltfNode` is one). */
interface HierarchyNode {
  readonly name?: string;
  readonly children?: readonly number[];
}

/**
 * Checks that `children` form a forest: no node is its own ancestor. A loader that walks the hierarchy
 * recursively (three's does) overflows its stack on a cycle, so the scene layer runs this before it.
 * @throws AnimError `bad-gltf` naming the nodes of the first cycle found, and a child index that is no node.
 */
export function checkNodeHierarchy(json: { readonly nodes?: readonly HierarchyNode[] }): void {
  const nodes = json.nodes ?? [];
  const state = new Uint8Array(nodes.length); // 0 unvisited, 1 on the path, 2 done
  const path: number[] = [];
  const next: number[] = [];
  for (let root = 0; root < nodes.length; root++) {
    if (state[root] !== 0) continue;
    path.push(root);
    next.push(0);
    state[root] = 1;
    while (path.length > 0) {
      const node = path[path.length - 1];
      const children = nodes[node].children ?? [];
      const k = next[next.length - 1]++;
      if (k >= children.length) {
        state[node] = 2;
        path.pop();
        next.pop();
        continue;
      }
      const child = children[k];
      if (!Number.isInteger(child) || nodes[child] === undefined) {
        fail(`node ${node} has child ${child}, which does not exist`);
      }
      if (state[child] === 1) {
        const cycle = path.slice(path.indexOf(child)).concat(child);
        fail(`the node hierarchy has a cycle: ${cycle.map((i) => nodeLabel(nodes, i)).join(' → ')}`);
      }
      if (state[child] === 0) {
        state[child] = 1;
        path.push(child);
        next.push(0);
      }
    }
  }
}

/** A node as an error names it: its name and index, or its index. */
export function nodeLabel(nodes: readonly HierarchyNode[], i: number): string {
  return nodes[i]?.name ? `"${nodes[i].name}" (node ${i})` : `node ${i}`;
}

function fail(message: string): never {
  throw new AnimError('bad-gltf', message);
}
