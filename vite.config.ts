import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve('src/shared'),
      '@client': path.resolve('src/client'),
    },
  },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  // the dev outbox page is rendered by the server, like the API
  server: {
    proxy: {
      '/api': 'http://localhost:3001',
      '/dev/outbox': 'http://localhost:3001',
      '/scenarioanswers.json': 'http://localhost:3001',
      '/media': 'http://localhost:3001',
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'MedicPrep',
        short_name: 'MedicPrep',
        description: 'Paramedic and EMT registry exam prep: flashcards, scenarios and practice questions.',
        theme_color: '#0b1f3a',
        background_color: '#f4f6fb',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        // the first visit is already served by the worker, so the app opens offline without a second visit first
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//, /^\/media\//, /^\/scenarioanswers\.json/],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['content/**'],
        // Only public images (/content/: badges, carousel) are cached; study media (/media/) is paid and
        // per-user, so the service worker never precaches or caches it and never answers it with the app shell.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/content/'),
            handler: 'CacheFirst',
            options: { cacheName: 'content', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
        ],
      },
    }),
  ],
});
