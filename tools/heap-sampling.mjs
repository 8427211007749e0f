// A @web/test-runner plugin: V8's sampling heap profiler over the test page, through the Chrome DevTools Protocol.
// Tests call `executeServerCommand('heap-sampling-start')`, run frames, then `executeServerCommand('heap-sampling-stop')`,
// which returns the sampled allocations (garbage included) as their size and stack, innermost frame first: those
// larger than `payload.minSize` bytes whose stack has a frame starting with `payload.within` and none containing
// a string of `payload.without`, made by a script whose address contains one of `payload.origins` (builtins skipped).

/** @type {Map<string, import('puppeteer-core').CDPSession>} */
const sessions = new Map();

function frameName(callFrame) {
  const file = callFrame.url
    .replace(/[?#].*$/, '')
    .split('/')
    .slice(-3)
    .join('/');
  return `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
}

export function heapSamplingPlugin() {
  return {
    name: 'heap-sampling',
    async executeCommand({ command, payload, session }) {
      if (command === 'heap-sampling-start') {
        const page = session.browser.getPage(session.id);
        const cdp = await page.createCDPSession();
        sessions.set(session.id, cdp);
        await cdp.send('HeapProfiler.enable');
        await cdp.send('HeapProfiler.startSampling', {
          // a small mean interval: nearly every allocation of a few dozen bytes is sampled
          samplingInterval: payload?.interval ?? 16,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        return true;
      }
      if (command === 'heap-sampling-stop') {
        const cdp = sessions.get(session.id);
        if (!cdp) return null;
        sessions.delete(session.id);
        const { profile } = await cdp.send('HeapProfiler.stopSampling');
        await cdp.detach();
        const stacks = new Map();
        /** Where each node's allocations were made: the innermost frame with a script (builtins have none). */
        const origins = new Map();
        const walk = (node, stack, origin) => {
          const here = [frameName(node.callFrame), ...stack];
          const at = node.callFrame.url ? node.callFrame.url : origin;
          stacks.set(node.id, here);
          origins.set(node.id, at);
          for (const child of node.children) walk(child, here, at);
        };
        walk(profile.head, [], '');
        const { minSize = 0, within = '', without = [], origins: from = [''] } = payload ?? {};
        const kept = (stack) =>
          stack.some((frame) => frame.startsWith(within)) &&
          !stack.some((frame) => without.some((w) => frame.includes(w)));
        return profile.samples
          .filter((s) => s.size > minSize && from.some((o) => (origins.get(s.nodeId) ?? '').includes(o)))
          .map((s) => ({ size: s.size, stack: stacks.get(s.nodeId) ?? [] }))
          .filter((s) => kept(s.stack))
          .slice(0, 50);
      }
      return undefined;
    },
  };
}
