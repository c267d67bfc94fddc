import { startEarly, type EarlyStartFiles } from './early-start';

// The inline script of index.html's head (build/early-start-plugin.ts), with this build's files.

declare const __VIZITA_EARLY_START__: EarlyStartFiles;

try {
  startEarly(__VIZITA_EARLY_START__);
} catch {
  // Only a head start: the app asks for all of it itself when it runs.
}
