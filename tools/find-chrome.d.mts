// Types of find-chrome.mjs, for the TypeScript that imports it (bench/crowd/run.ts).
export function findChrome(): string | undefined;
export const CHROME_ARGS: string[];
export const HOW_TO_GET_CHROME: string;
