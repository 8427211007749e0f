// On-screen controls for the Level: a stick (drag to walk, far out to run) and buttons, on pointer events, so
// a phone or a tablet plays it as a keyboard does. They write the controller's scripted `input`.
import type { AnimController } from '../src/elements/anim-controller.js';

/** How far the knob travels from the stick's centre, CSS pixels; past 85% of it the character runs. */
const STICK_RADIUS = 44;
const RUN_FROM = 0.85;

export interface TouchControls {
  readonly root: HTMLElement;
  readonly stick: HTMLElement;
  dispose(): void;
}

/**
 * Adds the stick (bottom left) and the buttons (bottom right: jump, and `action` for vault / climb) over
 * `host`, driving `controller.input`. Removing them leaves the input at rest.
 */
export function addTouchControls(host: HTMLElement, controller: AnimController, action: () => void): TouchControls {
  const root = document.createElement('div');
  root.className = 'touch-controls';
  root.innerHTML = `
    <div class="touch-stick" role="slider" aria-label="Walk: drag the stick" aria-valuetext="still">
      <div class="touch-knob"></div>
    </div>
    <div class="touch-buttons">
      <button type="button" class="touch-button" data-action="jump" aria-label="Jump">Jump</button>
      <button type="button" class="touch-button" data-action="traverse" aria-label="Vault or climb">Vault</button>
    </div>`;
  const stick = root.querySelector<HTMLElement>('.touch-stick')!;
  const knob = root.querySelector<HTMLElement>('.touch-knob')!;
  const input = controller.input;
  let pointer = -1;

  const moveTo = (event: PointerEvent) => {
    const box = stick.getBoundingClientRect();
    let dx = event.clientX - (box.left + box.width / 2);
    let dy = event.clientY - (box.top + box.height / 2);
    const distance = Math.hypot(dx, dy);
    if (distance > STICK_RADIUS) {
      dx *= STICK_RADIUS / distance;
      dy *= STICK_RADIUS / distance;
    }
    knob.style.transform = `translate(${dx}px, ${dy}px)`;
    // up on the screen is forward (away from the camera), as W is
    input.right = dx / STICK_RADIUS;
    input.forward = -dy / STICK_RADIUS;
    input.run = distance >= STICK_RADIUS * RUN_FROM;
    stick.setAttribute('aria-valuetext', distance < 4 ? 'still' : input.run ? 'running' : 'walking');
  };
  const release = () => {
    pointer = -1;
    knob.style.transform = '';
    input.forward = 0;
    input.right = 0;
    input.run = false;
    stick.setAttribute('aria-valuetext', 'still');
  };
  stick.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    pointer = event.pointerId;
    // capture may fail for a synthetic pointer; the stick still follows the events it gets
    try {
      stick.setPointerCapture(event.pointerId);
    } catch {}
    moveTo(event);
  });
  stick.addEventListener('pointermove', (event) => {
    if (event.pointerId === pointer) moveTo(event);
  });
  stick.addEventListener('pointerup', release);
  stick.addEventListener('pointercancel', release);

  // click: a tap, a mouse click and Enter or Space on the focused button all land here
  root.querySelector('[data-action="jump"]')!.addEventListener('click', () => {
    input.jump = true;
  });
  root.querySelector('[data-action="traverse"]')!.addEventListener('click', action);
  host.append(root);
  return {
    root,
    stick,
    dispose() {
      release();
      root.remove();
    },
  };
}
