// A stand-in for a character until <anim-character> lands: a lit element that joins the nearest stage
// (or makes its own) with one spinning mesh, showing how a 3D child element uses getStage().
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Mesh, MeshStandardMaterial, TorusKnotGeometry } from 'three';
import { getStage, type StageLease } from '../../src/elements/stage-lease.js';
import type { Actor } from '../../src/scene/stage.js';

@customElement('demo-shape')
export class DemoShape extends LitElement {
  /** Turns per second about the vertical axis. */
  @property({ type: Number }) spin = 0.25;
  @property() color = '#c8553d';

  /** Seconds this shape has been advanced by its stage. */
  elapsed = 0;
  lease: StageLease | undefined;
  mesh: Mesh<TorusKnotGeometry, MeshStandardMaterial> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.lease = getStage(this, this);
    this.mesh = new Mesh(new TorusKnotGeometry(0.45, 0.16, 160, 24), new MeshStandardMaterial({ roughness: 0.4 }));
    this.mesh.material.color.set(this.color);
    this.mesh.position.y = 0.9;
    this.lease.stage.content.add(this.mesh);
    this.lease.stage.addActor(this.actor);
    this.lease.stage.contentChanged();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    const lease = this.lease;
    if (!lease) return;
    lease.stage.removeActor(this.actor);
    // what a 3D element makes on connect it frees on disconnect: the GPU copies go with dispose()
    this.mesh?.removeFromParent();
    this.mesh?.geometry.dispose();
    this.mesh?.material.dispose();
    this.mesh = undefined;
    if (lease.own) lease.stage.dispose();
    else lease.stage.contentChanged();
    this.lease = undefined;
  }

  // a separate object: LitElement already has an update() of its own
  readonly actor: Actor = {
    update: (dt) => {
      this.elapsed += dt;
      if (this.mesh) this.mesh.rotation.y += dt * this.spin * Math.PI * 2;
    },
  };

  protected override updated(): void {
    this.mesh?.material.color.set(this.color);
    this.lease?.stage.loop.requestRedraw();
  }

  protected override render() {
    return this.lease?.own ? html`${this.lease.stage.canvas}` : html``;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-shape': DemoShape;
  }
}
