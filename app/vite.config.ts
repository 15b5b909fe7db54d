import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const appRoot = import.meta.dirname;
const repoRoot = path.resolve(appRoot, '..');

export default defineConfig({
  root: appRoot,
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: { '@contract': path.join(repoRoot, 'openapi.gen.ts') } },
  build: {
    outDir: path.join(appRoot, 'dist'),
    emptyOutDir: true,
    // The CSP allows no inline scripts or styles: keep every asset a file.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The benchmark reads it to follow each page's chunks.
    manifest: true,
  },
});
