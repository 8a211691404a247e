import { runFrame } from './frame';

// The classic script each page behind the login starts with (built by server/route-frame.ts).
runFrame(window);
