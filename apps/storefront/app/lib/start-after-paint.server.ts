import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const preloadTag = '<link rel="modulepreload"';
const moduleScriptTag = '<script type="module" async="">';
const markers = [preloadTag, moduleScriptTag];
const longestMarker = Math.max(...markers.map((marker) => marker.length));

/**
 * Starts the client (React Router's module script and its module preloads) only after the browser has
 * painted the server-rendered page. The page is complete and its links work before hydration; on a slow
 * phone connection the scripts (≈ 110 KB) would otherwise share the bandwidth with the HTML's pictures
 * and push the first and largest paint back by about a second (bench/RESULTS.md, Lighthouse).
 *
 * React Router's <Scripts> has no option for this, so its output is rewritten as it streams: each
 * `<link rel="modulepreload">` is taken out of <head>, and the module script becomes a small inline
 * script that adds those preloads and the module script after the first paint (at once in a hidden tab,
 * which paints nothing). Hydration is not disturbed: the preloads are hoisted elements that React does
 * not match during hydration, and the script element stays where it was.
 */
export function startClientAfterPaint(): Transform {
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
        out += `<script>${startScript(moduleSource, preloads)}</script>`;
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

function startScript(moduleSource: string, preloads: string[]): string {
  return `(function(){var started=false;function start(){if(started)return;started=true;${scriptLiteral(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});var script=document.createElement("script");script.type="module";script.textContent=${scriptLiteral(moduleSource)};document.body.appendChild(script)}if(document.visibilityState==="hidden")start();else{requestAnimationFrame(function(){setTimeout(start,0)});document.addEventListener("visibilitychange",start)}})()`;
}
