import { expect } from '@open-wc/testing';

describe('test environment', () => {
  it('runs in a browser with WebGL2', () => {
    const gl = document.createElement('canvas').getContext('webgl2');
    expect(gl, 'WebGL2 context').to.not.equal(null);
  });
});
