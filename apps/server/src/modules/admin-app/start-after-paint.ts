/**
 * A page the server rendered with its data starts the app only after the browser has painted it. On a
 * slow phone connection the app's scripts (≈ 180 KB) would otherwise share the line with the page and
 * its stylesheet and push the first paint back by over a second (bench/RESULTS.md, the back office's
 * order page); the page is readable, and its links work, before the app takes it over. The storefront
 * does the same for its pages (apps/storefront/app/lib/start-after-paint.server.ts) by rewriting React
 * Router's streamed output; here the page is assembled from the built index.html, so the script can be
 * one constant: it reads the build's entry and preloads from its own attributes, and the policy allows
 * it by its hash (no nonce, no inline script of any other content).
 *
 * Started after the load event and the next frame; at once in a hidden tab, which paints nothing.
 */
export const startAfterPaintScript =
  '(function(){var me=document.currentScript,entry=me.getAttribute("data-entry"),' +
  'preloads=JSON.parse(me.getAttribute("data-preloads")),started=false;' +
  'function start(){if(started)return;started=true;' +
  'preloads.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)});' +
  'var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=entry;document.head.appendChild(script)}' +
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}' +
  'if(document.visibilityState==="hidden")start();' +
  'else{if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint);' +
  'document.addEventListener("visibilitychange",start)}})()';
