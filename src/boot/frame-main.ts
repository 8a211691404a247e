import { runFrame } from './frame';

// The classic script each page behind the login starts with (built by build/route-frame.ts).
runFrame(window);
