import type { StatsReading } from '../scene/frame-stats.js';

type Row = { label: string; format: (reading: Readonly<StatsReading>) => string };

const ms = (value: number, digits: number) => `${value.toFixed(digits)} ms`;
const count = (value: number) =>
  value < 1e4 ? String(value) : value < 1e6 ? `${(value / 1e3).toFixed(1)}k` : `${(value / 1e6).toFixed(2)}M`;

const ROWS: readonly Row[] = [
  { label: 'fps', format: (r) => r.fps.toFixed(0) },
  { label: 'frame', format: (r) => ms(r.frameMs, 1) },
  { label: 'work', format: (r) => ms(r.workMs, 2) },
  { label: 'characters', format: (r) => String(r.characters) },
  { label: 'actors', format: (r) => String(r.actors) },
  { label: 'draw calls', format: (r) => String(r.drawCalls) },
  { label: 'triangles', format: (r) => count(r.triangles) },
  { label: 'physics', format: (r) => ms(r.physicsMs, 2) },
];
const PHYSICS_ROW = ROWS.length - 1;

/**
 * The `debug="stats"` box of `<anim-scene>` (`part="stats"`): a label and a value per line, written only when
 * a value changes, a few times a second. The physics line shows only while a world runs.
 */
export class StatsPanel {
  readonly element: HTMLDivElement;
  readonly #values: HTMLElement[] = [];
  readonly #labels: HTMLElement[] = [];

  constructor() {
    this.element = document.createElement('div');
    this.element.setAttribute('part', 'stats');
    this.element.setAttribute('aria-hidden', 'true');
    for (const row of ROWS) {
      const label = document.createElement('span');
      label.textContent = row.label;
      label.dataset.stat = row.label;
      const value = document.createElement('b');
      value.textContent = '–';
      value.dataset.stat = row.label;
      this.element.append(label, value);
      this.#labels.push(label);
      this.#values.push(value);
    }
    this.#showRow(PHYSICS_ROW, false);
  }

  show(reading: Readonly<StatsReading>): void {
    const physics = !Number.isNaN(reading.physicsMs);
    this.#showRow(PHYSICS_ROW, physics);
    for (let i = 0; i < ROWS.length; i++) {
      if (i === PHYSICS_ROW && !physics) continue;
      const text = ROWS[i].format(reading);
      if (this.#values[i].textContent !== text) this.#values[i].textContent = text;
    }
  }

  #showRow(i: number, shown: boolean): void {
    if (this.#values[i].hidden === !shown) return;
    this.#labels[i].hidden = !shown;
    this.#values[i].hidden = !shown;
  }
}
