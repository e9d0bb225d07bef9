import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server answers the API on the same origin in production; during `npm run dev` Vite proxies it.
const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/open-platform': api,
      '/ntocc-tps-api': api,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
    sourcemap: false,
  },
});
