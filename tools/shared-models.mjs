// Serves ../shared/models (real glTF models by other people, kept outside the project) at /shared-models/
// for the test runner and the dev server. Requests get a 404 when the folder is absent, or when
// ANIM_NO_SHARED_MODELS=1 (how a clean clone is simulated on a machine that has the folder).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';

export const SHARED_MODELS_DIR = resolve(process.cwd(), '../shared/models');
export const SHARED_MODELS_URL = '/shared-models/';
const HIDDEN = process.env.ANIM_NO_SHARED_MODELS === '1';

/** A connect-style middleware (vite) and a koa-style one (web-test-runner) over the same lookup. */
function lookup(url) {
  if (!url?.startsWith(SHARED_MODELS_URL)) return undefined;
  const rel = normalize(decodeURIComponent(url.slice(SHARED_MODELS_URL.length).split('?')[0]));
  if (HIDDEN || rel.startsWith('..')) return null;
  const file = join(SHARED_MODELS_DIR, rel);
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

export function connectSharedModels(req, res, next) {
  const file = lookup(req.url);
  if (file === undefined) return next();
  if (file === null) {
    res.statusCode = 404;
    return res.end('not found');
  }
  res.setHeader('Content-Type', file.endsWith('.glb') ? 'model/gltf-binary' : 'application/octet-stream');
  createReadStream(file).pipe(res);
}

export async function koaSharedModels(ctx, next) {
  const file = lookup(ctx.url);
  if (file === undefined) return next();
  if (file === null) {
    ctx.status = 404;
    return;
  }
  ctx.type = file.endsWith('.glb') ? 'model/gltf-binary' : 'application/octet-stream';
  ctx.body = createReadStream(file);
}
