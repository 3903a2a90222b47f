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

async function rewrite(chunks: Buffer[], nonce?: string): Promise<string> {
  return text(Readable.from(chunks).pipe(startClientAfterPaint(nonce)));
}

type Added = {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  nonce?: string;
  textContent?: string;
};

/**
 * Runs the rewritten start script in a stand-in browser: a document still loading, frames and timers
 * that run only when the test says so. Answers what the script has added to the document so far.
 */
function runStartScript(html: string) {
  const script = /<script(?: nonce="[^"]+")?>(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script).toBeDefined();
  const added: Added[] = [];
  let frames: (() => void)[] = [];
  let timers: { callback: () => void; delay: number }[] = [];
  const loadListeners: (() => void)[] = [];
  const document = {
    visibilityState: 'visible',
    readyState: 'interactive',
    createElement: (tag: string) => ({ tag }) as Added,
    head: { appendChild: (node: Added) => added.push(node) },
    body: { appendChild: (node: Added) => added.push(node) },
    addEventListener: () => {},
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'addEventListener', script!)(
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void, delay = 0) => timers.push({ callback, delay }),
    (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener),
  );
  const run = <T>(list: T[], call: (entry: T) => void) => list.forEach(call);
  return {
    added,
    load: () => run(loadListeners, (listener) => listener()),
    paint: () => {
      const due = frames;
      frames = [];
      run(due, (frame) => frame());
    },
    /** Runs the timers due within `ms`, and those they start, in order. */
    wait: (ms: number) => {
      for (;;) {
        const due = timers.filter((timer) => timer.delay <= ms);
        if (!due.length) return;
        timers = timers.filter((timer) => timer.delay > ms);
        run(due, (timer) => timer.callback());
      }
    },
  };
}

describe('startClientAfterPaint', () => {
  test('takes the module preloads and the module script out of the page and starts them after the first paint', async () => {
    const result = await rewrite([Buffer.from(page)]);
    expect(result).not.toContain('modulepreload"/>');
    expect(result).not.toContain('<script type="module"');
    // Everything else stays as it was (the early-input script added at the end of <head>).
    expect(result).toContain('<title>Grüße aus Südtirol</title><link rel="icon" href="/logo.svg"/><script>');
    expect(result).toContain('})(document)</script></head>');
    expect(result).toContain('<body><p>Ü</p><script>window.ctx = 1;</script><script>(function(){');
    expect(result).toContain('</script><script>window.end = 1;</script></body></html>');

    const browser = runStartScript(result);
    // Nothing while the pictures load, nor in the frame that paints them.
    browser.wait(0);
    browser.paint();
    expect(browser.added).toEqual([]);
    browser.load();
    browser.wait(0);
    expect(browser.added).toEqual([]);
    // After that frame: the preloads, then the module script.
    browser.paint();
    browser.wait(0);
    expect(browser.added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root.js' },
      { tag: 'script', type: 'module', textContent: moduleSource },
    ]);
  });

  test('starts after 3 s without the load event (a picture that never loads), and only once', async () => {
    const browser = runStartScript(await rewrite([Buffer.from(page)]));
    browser.wait(2_999);
    browser.paint();
    expect(browser.added).toEqual([]);
    browser.wait(3_000);
    browser.paint();
    browser.wait(0);
    browser.load();
    browser.paint();
    browser.wait(0);
    expect(browser.added.map((node) => node.tag)).toEqual(['link', 'link', 'script']);
  });

  test('keeps module source that looks like markup inside its inline script', async () => {
    const tricky = page.replace(moduleSource, 'window.a = "<!-- <b>";');
    const result = await rewrite([Buffer.from(tricky)]);
    expect(result).not.toContain('"<!-- <b>"');
    const browser = runStartScript(result);
    browser.load();
    browser.paint();
    browser.wait(0);
    expect(browser.added.at(-1)?.textContent).toBe('window.a = "<!-- <b>";');
  });

  test('gives the same page however the stream is cut', async () => {
    const bytes = Buffer.from(page);
    const whole = await rewrite([bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });

  test("under a Content-Security-Policy, the start script and the module script it adds carry the render's nonce", async () => {
    const nonce = 'r4nd0m+N0nce/==';
    const withNonce = page
      .replaceAll('<script>', `<script nonce="${nonce}">`)
      .replace('<script type="module" async="">', `<script nonce="${nonce}" type="module" async="">`);
    const result = await rewrite([Buffer.from(withNonce)], nonce);
    expect(result).not.toContain('type="module" async');
    expect(result).toContain(`<script nonce="${nonce}">(function(){`);
    const browser = runStartScript(result);
    browser.load();
    browser.paint();
    browser.wait(0);
    expect(browser.added.at(-1)).toEqual({ tag: 'script', type: 'module', nonce, textContent: moduleSource });
  });
});

describe('the early-input script', () => {
  test('ends <head> once, with the nonce, before anything in <body> can be clicked', async () => {
    const html = await rewrite([Buffer.from(page.slice(0, 90)), Buffer.from(page.slice(90))], 'abc');
    const scripts = html.match(/<script nonce="abc">\(function\(d\)\{var q=window\.shopEarlyInput=/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(html.indexOf('shopEarlyInput')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<body>'));
  });
});
