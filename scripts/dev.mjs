// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tasbiq/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@tasbiq/web'], { stdio: 'inherit' }),
];
console.log('Web app (hot reload): http://localhost:5173 · API: http://localhost:3000/api');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
