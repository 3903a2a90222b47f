import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { earlyInputScript } from './early-input.server.ts';

const preloadTag = '<link rel="modulepreload"';
const headEnd = '</head>';

/**
 * Starts the client (React Router's module script and its module preloads) only after the browser has
 * painted the server-rendered page with its pictures. The page is complete and its links work before
 * hydration; on a slow phone connection the scripts (≈ 110 KB) would otherwise share the bandwidth with
 * the pictures and push the first and largest paint back by about a second (bench/RESULTS.md).
 *
 * React Router's <Scripts> has no option for this, so its output is rewritten as it streams: each
 * `<link rel="modulepreload">` is taken out of <head>, and the module script becomes a small inline
 * script that adds those preloads and the module script after the load event and the next paint (at
 * once in a hidden tab, which paints nothing; after 3 s at the latest). Hydration is not disturbed: the preloads are hoisted elements that React does
 * not match during hydration, and the script element stays where it was.
 * The end of <head> gets the early-input script (early-input.server.ts): what the visitor clicks or
 * sends before the client is there waits for it instead of being lost.
 */
export function startClientAfterPaint(nonce?: string): Transform {
  // React Router writes the render's nonce first on its module script (<Scripts nonce>).
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const moduleScriptTag = `<script${nonceAttribute} type="module" async="">`;
  const markers = [preloadTag, moduleScriptTag, headEnd];
  let isHeadDone = false;
  const longestMarker = Math.max(...markers.map((marker) => marker.length));
  const decoder = new StringDecoder('utf8');
  const preloads: string[] = [];
  let pending = '';

  const rewrite = (text: string, isEnd: boolean): string => {
    let rest = pending + text;
    let out = '';
    pending = '';
    for (;;) {
      const found = markers
        .map((marker) => ({ marker, at: rest.indexOf(marker) }))
        .filter(({ at }) => at >= 0)
        .sort((a, b) => a.at - b.at)[0];
      if (!found) {
        // A marker may begin in this chunk and end in the next.
        const keep = isEnd ? 0 : Math.min(rest.length, longestMarker - 1);
        pending = rest.slice(rest.length - keep);
        return out + rest.slice(0, rest.length - keep);
      }
      out += rest.slice(0, found.at);
      rest = rest.slice(found.at);
      if (found.marker === headEnd) {
        if (!isHeadDone) out += `<script${nonceAttribute}>${earlyInputScript}</script>`;
        isHeadDone = true;
        out += headEnd;
        rest = rest.slice(headEnd.length);
        continue;
      }
      const end = found.marker === preloadTag ? rest.indexOf('>') : rest.indexOf('</script>');
      if (end < 0) {
        if (isEnd) return out + rest;
        pending = rest;
        return out;
      }
      if (found.marker === preloadTag) {
        const href = /\bhref="([^"]+)"/.exec(rest.slice(0, end))?.[1];
        if (href) preloads.push(href);
        rest = rest.slice(end + 1);
      } else {
        const moduleSource = rest.slice(moduleScriptTag.length, end);
        out += `<script${nonceAttribute}>${startScript(moduleSource, preloads, nonce)}</script>`;
        rest = rest.slice(end + '</script>'.length);
      }
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, rewrite(decoder.write(chunk), false));
    },
    flush(done) {
      done(null, rewrite(decoder.end(), true));
    },
  });
}

/** JSON as a JavaScript literal inside an inline <script>: no `</script>` or `<!--` can end it early. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A picture that has not loaded by then does not hold the client back any longer. */
const slowPictureMs = 3_000;
/** Starting a preload costs a phone a few milliseconds: a handful per task keeps each task short. */
const preloadsPerTask = 4;

/**
 * The inline script: once the page's pictures above the fold have loaded (the load event; lazy ones do
 * not count) and the next frame is painted, it adds the preloads a few per task, then the module
 * script, so that none of it makes a long task on a slow phone.
 */
function startScript(moduleSource: string, preloads: string[], nonce: string | undefined): string {
  // The module script it adds is inline too: the page's policy lets it run by the same nonce.
  const setNonce = nonce ? `script.nonce=${scriptLiteral(nonce)};` : '';
  return `(function(){var started=false;function start(){if(started)return;started=true;var hrefs=${scriptLiteral(preloads)};(function next(){hrefs.splice(0,${preloadsPerTask}).forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});if(hrefs.length){setTimeout(next,0);return}setTimeout(function(){var script=document.createElement("script");script.type="module";${setNonce}script.textContent=${scriptLiteral(moduleSource)};document.body.appendChild(script)},0)})()}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}if(document.visibilityState==="hidden")start();else{if(document.readyState==="complete")afterPaint();else{addEventListener("load",afterPaint);setTimeout(afterPaint,${slowPictureMs})}document.addEventListener("visibilitychange",start)}})()`;
}
