import { expect } from '@open-wc/testing';
import type { DataTexture, WebGLRenderer } from 'three';
import { instancedSkinsOf } from '../../src/scene/instanced-skin.js';
import type { Stage } from '../../src/scene/stage.js';
import { expectClose } from './math.js';

/** The texture's texels as the GPU holds them (read back through a framebuffer). */
export function gpuTexels(renderer: WebGLRenderer, texture: DataTexture): Float32Array {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  expect(gl.getExtension('EXT_color_buffer_float'), 'float framebuffers').to.not.equal(null);
  const handle = (renderer.properties.get(texture) as { __webglTexture: WebGLTexture }).__webglTexture;
  const framebuffer = gl.createFramebuffer();
  const bound = gl.getParameter(gl.FRAMEBUFFER_BINDING);
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, handle, 0);
  const { width, height } = texture.image;
  const texels = new Float32Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, texels);
  gl.bindFramebuffer(gl.FRAMEBUFFER, bound);
  gl.deleteFramebuffer(framebuffer);
  return texels;
}

/** Checks that the GPU holds every skinning matrix written for skin 0 of `model` on `stage` (after a drawn frame). */
export function expectUploaded(stage: Stage, model: object, what = 'the GPU holds what was written'): void {
  const matrices = instancedSkinsOf(stage).matricesOf(model, 0);
  expect(matrices, 'an instanced skin').to.not.equal(null);
  expectClose(gpuTexels(stage.renderer, matrices!.texture), matrices!.data, 0, what);
}
