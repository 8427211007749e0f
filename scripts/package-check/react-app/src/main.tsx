// The README's React line as an app writes it: the elements in JSX with typed props and `on<event>` handlers
// (React 19 sets properties and adds listeners on custom elements), the scene stepped through a ref. It reports
// what it saw to the package check as the other consumer pages do (`window.report`).
import 'anim-elements';
import { mannequinUrl } from 'anim-elements/assets';
import type {} from 'anim-elements/react';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';

interface Report {
  clips?: readonly string[];
  image?: string;
  error?: { code: string; message: string };
}

function App({ done }: { done: (report: Report) => void }) {
  const scene = useRef<HTMLElementTagNameMap['anim-scene']>(null);
  return (
    <anim-scene ground ref={scene} style={{ display: 'block', width: '480px', height: '360px' }}>
      <anim-character
        src={mannequinUrl}
        clip="idle"
        speed={1}
        onanim-load={(e) => {
          const view = scene.current!;
          for (let i = 0; i < 10; i++) view.step(1 / 30);
          done({ clips: e.detail.clips, image: view.screenshot() });
        }}
        onanim-error={(e) => done({ error: { code: e.detail.code, message: e.detail.message } })}
      />
    </anim-scene>
  );
}

declare global {
  interface Window {
    report: Promise<Report>;
  }
}

window.report = new Promise((resolve) => createRoot(document.getElementById('root')!).render(<App done={resolve} />));
