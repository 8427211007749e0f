// React's automatic JSX runtime, without a plugin: esbuild compiles the TSX.
export default { esbuild: { jsx: 'automatic' } };
