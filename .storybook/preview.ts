import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json' with { type: 'json' };

setCustomElementsManifest(manifest);

const preview: Preview = {
  // a docs page for every element, from custom-elements.json: description, attributes, properties, events, slots, parts
  tags: ['autodocs'],
  parameters: { controls: { expanded: true } },
};
export default preview;
