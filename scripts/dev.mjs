#!/usr/bin/env node
// npm run dev — the API with reload on change (tsx watch, port 3001) and Vite's dev server with hot
// module replacement (port 5173, proxying /api and /dev/outbox to the API). Open http://localhost:5173.
// Same data directory and configuration as `npm start`; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const API_PORT = process.env.API_PORT ?? '3001';
const WEB_PORT = process.env.WEB_PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: `http://localhost:${WEB_PORT}`, ...process.env, PORT: API_PORT },
  }),
  spawn('npx', ['vite', '--port', WEB_PORT, '--strictPort'], { stdio: 'inherit', env: process.env }),
];

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
