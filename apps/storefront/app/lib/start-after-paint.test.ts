import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { startClientAfterPaint } from './start-after-paint.server.ts';

const moduleSource = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");';
const page =
  '<html><head><title>Grüße aus Südtirol</title><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="icon" href="/logo.svg"/></head>' +
  `<body><p>Ü</p><script>window.ctx = 1;</script><script type="module" async="">${moduleSource}</script>` +
  '<script>window.end = 1;</script></body></html>';

async function rewrite(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(startClientAfterPaint()));
}

/** Runs the rewritten start script in a stand-in document and returns what it adds, once painted. */
function runStartScript(html: string) {
  const script = /<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script).toBeDefined();
  const added: { tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
  let frame: (() => void) | undefined;
  const element = (tag: string) => ({ tag }) as (typeof added)[number];
  const document = {
    visibilityState: 'visible',
    createElement: element,
    head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    body: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    addEventListener: () => {},
  };
  const requestAnimationFrame = (callback: () => void) => {
    frame = callback;
  };
  const timers: (() => void)[] = [];
  const setTimeout = (callback: () => void) => timers.push(callback);
  new Function('document', 'requestAnimationFrame', 'setTimeout', script!)(
    document,
    requestAnimationFrame,
    setTimeout,
  );
  const beforePaint = added.length;
  frame?.();
  for (const timer of timers) timer();
  return { beforePaint, added };
}

describe('startClientAfterPaint', () => {
  test('takes the module preloads and the module script out of the page and starts them after the first paint', async () => {
    const result = await rewrite([Buffer.from(page)]);
    expect(result).not.toContain('modulepreload"/>');
    expect(result).not.toContain('<script type="module"');
    // Everything else stays as it was.
    expect(result).toContain('<title>Grüße aus Südtirol</title><link rel="icon" href="/logo.svg"/></head>');
    expect(result).toContain('<body><p>Ü</p><script>window.ctx = 1;</script><script>(function(){');
    expect(result).toContain('</script><script>window.end = 1;</script></body></html>');

    const { beforePaint, added } = runStartScript(result);
    expect(beforePaint).toBe(0);
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root.js' },
      { tag: 'script', type: 'module', textContent: moduleSource },
    ]);
  });

  test('keeps module source that looks like markup inside its inline script', async () => {
    const tricky = page.replace(moduleSource, 'window.a = "<!-- <b>";');
    const result = await rewrite([Buffer.from(tricky)]);
    expect(result).not.toContain('"<!-- <b>"');
    expect(runStartScript(result).added.at(-1)?.textContent).toBe('window.a = "<!-- <b>";');
  });

  test('gives the same page however the stream is cut', async () => {
    const bytes = Buffer.from(page);
    const whole = await rewrite([bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });
});
