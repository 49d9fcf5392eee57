import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import client from './vite.config';

// The server render entry of the support pages (src/app/ssr-entry.tsx -> dist/server/ssr-entry.js),
// loaded by the reference backend to render each page's first paint. It resolves modules exactly as
// the browser build does (the browser build's plugins and aliases: the markup must match what the
// browser hydrates), bundles its dependencies with React's production build, and emits no CSS (the
// page links the browser build's stylesheet) and no precompressed copies (nothing serves them).
const base: UserConfig = client;

const SERVER_SKIPS = new Set(['precompress']);
const flat = (options: PluginOption[] | undefined): PluginOption[] =>
  (options ?? []).flatMap((option) => (Array.isArray(option) ? flat(option) : [option]));
const plugins = flat(base.plugins).filter(
  (plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && SERVER_SKIPS.has(plugin.name)),
);

export default defineConfig({
  plugins,
  resolve: base.resolve,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/app/ssr-entry.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: a chunk beside it would import the entry back under another URL than the server's
    // (a second React, a second set of contexts).
    rolldownOptions: { output: { entryFileNames: 'ssr-entry.js', codeSplitting: false } },
  },
});
