// Small form controls shared by the demo's sections.

/** A labelled range input with its value shown beside it; `onInput` gets the number. */
export function slider(options: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  format: (value: number) => string;
  onInput: (value: number) => void;
}): { root: HTMLElement; input: HTMLInputElement } {
  const root = document.createElement('label');
  root.className = 'control';
  const name = document.createElement('span');
  name.className = 'control-name';
  name.textContent = options.label;
  const output = document.createElement('output');
  output.textContent = options.format(options.value);
  const input = document.createElement('input');
  input.type = 'range';
  input.min = String(options.min);
  input.max = String(options.max);
  input.step = String(options.step);
  input.value = String(options.value);
  input.addEventListener('input', () => {
    const value = input.valueAsNumber;
    output.textContent = options.format(value);
    options.onInput(value);
  });
  root.append(name, output, input);
  return { root, input };
}

/** A heading for a group of controls. */
export function heading(text: string): HTMLElement {
  const h = document.createElement('h2');
  h.className = 'panel-heading';
  h.textContent = text;
  return h;
}
