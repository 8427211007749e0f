import { linearToSrgb } from '../../runtime/core.js';
import { resolveCssColor } from '../css-color.js';
import type { TweenChannel } from './channel.js';

/** Numbers written into text keep five decimals: enough for any CSS length, free of float noise. */
const text = (value: number) => String(Math.round(value * 1e5) / 1e5);

/**
 * A CSS custom property (`--glow`) on an element's inline style: a number with a unit (`"0px"` … `"12px"`,
 * the unit kept as given, possibly empty), or a colour mixed in linear light and written as `rgb()`.
 */
export function cssVariableChannel(el: HTMLElement | SVGElement, name: string, unit: string | 'color'): TweenChannel {
  const computed = () => getComputedStyle(el).getPropertyValue(name).trim();
  if (unit === 'color') {
    return {
      key: el,
      path: name,
      size: 3,
      kind: 'linear',
      valueType: 'css-color',
      read(out) {
        const color = resolveCssColor(computed());
        if (!color) return false;
        out[0] = color.r;
        out[1] = color.g;
        out[2] = color.b;
        return true;
      },
      write(v) {
        const channel = (c: number) => text(Math.min(1, Math.max(0, linearToSrgb(c))) * 255);
        el.style.setProperty(name, `rgb(${channel(v[0])} ${channel(v[1])} ${channel(v[2])})`);
      },
    };
  }
  return {
    key: el,
    path: name,
    size: 1,
    kind: 'linear',
    valueType: 'css-number',
    read(out) {
      const value = computed();
      const number = Number.parseFloat(value);
      if (!Number.isFinite(number) || value.slice(String(number).length).trim() !== unit) return false;
      out[0] = number;
      return true;
    },
    write(v) {
      el.style.setProperty(name, `${text(v[0])}${unit}`);
    },
  };
}

/**
 * A numeric JavaScript property of an element (`exposure` of a scene, `value` of a progress bar, `volume`
 * of a video), or else a numeric attribute it has (`r` of an SVG circle). Undefined when it has neither.
 */
export function elementChannel(el: Element, name: string): TweenChannel | undefined {
  const record = el as unknown as Record<string, unknown>;
  if (name in el && typeof record[name] === 'number') {
    return {
      key: el,
      path: name,
      size: 1,
      kind: 'linear',
      valueType: 'number',
      read(out) {
        out[0] = record[name] as number;
        return true;
      },
      write(v) {
        record[name] = v[0];
      },
    };
  }
  if (!el.hasAttribute(name)) return undefined;
  return {
    key: el,
    path: `@${name}`,
    size: 1,
    kind: 'linear',
    valueType: 'number',
    read(out) {
      const value = Number.parseFloat(el.getAttribute(name) ?? '');
      out[0] = Number.isFinite(value) ? value : 0;
      return Number.isFinite(value);
    },
    write(v) {
      el.setAttribute(name, text(v[0]));
    },
  };
}
