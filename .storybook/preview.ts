import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json' with { type: 'json' };

setCustomElementsManifest(manifest);

const preview: Preview = {
  parameters: { controls: { expanded: true } },
};
export default preview;
