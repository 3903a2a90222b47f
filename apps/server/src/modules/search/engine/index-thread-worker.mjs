// The search index's thread (index-thread.ts) runs TypeScript like the rest of the server: a worker
// does not inherit the module hooks tsx set up in the main thread, so it registers them here.
import { register } from 'tsx/esm/api';

register();
await import('./index-thread-worker.ts');
