import { readdirSync } from 'node:fs';
import os from 'node:os';

const belowNormal = os.constants.priority.PRIORITY_BELOW_NORMAL;

/**
 * This process below the normal CPU priority, every thread of it. On Linux each thread has a priority
 * of its own: lowering the process's (its main thread's) left V8's garbage collector and compiler
 * threads, started before any of our code, at the normal one, and a worker sharing the machine with web
 * processes collected a catalogue import's garbage at their priority (bench/RESULTS.md, 2026-11-29).
 * Threads started later take the priority of the thread that starts them. Never raises one.
 */
export function lowerCpuPriority(): void {
  os.setPriority(Math.max(os.getPriority(), belowNormal));
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return; // Not Linux: the process's priority is the one there is.
  }
  for (const thread of threads.map(Number)) {
    try {
      os.setPriority(thread, Math.max(os.getPriority(thread), belowNormal));
    } catch {
      // The thread ended meanwhile.
    }
  }
}
