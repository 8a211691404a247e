import { spawn } from 'node:child_process';
import { boot, closeOnSignals } from './boot';
import { DEMO_USERS } from './demo/users';

/** `npm run dev`: the API on API_PORT (8081) and Vite's dev server beside it, which proxies /api here. */
const booted = await boot({});
const { app, env } = booted;
await app.listen({ port: env.apiPort, host: '127.0.0.1' });
await booted.startBackground();

const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: String(env.apiPort) } });
vite.on('exit', (code) => {
  console.log(`vite exited (${code}); stopping the API`);
  process.kill(process.pid, 'SIGTERM');
});
closeOnSignals(booted, () => vite.kill('SIGTERM'));

console.log(`\nAPI: http://127.0.0.1:${env.apiPort}/api  (web app: http://localhost:5173)`);
console.log(`demo users (password '${env.demoPassword}'): ${DEMO_USERS.map((u) => u.username).join(', ')}\n`);
