import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
const devServer = 'http://127.0.0.1:3000';

export default defineConfig({
  root: clientDir,
  publicDir: path.join(clientDir, 'public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(clientDir, '../dist/client'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': devServer,
      '/socket.io': { target: devServer, ws: true },
    },
  },
});
