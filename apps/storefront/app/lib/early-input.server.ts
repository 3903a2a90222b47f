import { earlyQueueName } from './early-input.ts';

/**
 * The page paints and can be used before the client starts (docs/decisions/009), but a button does
 * nothing until React has hydrated it, and a form without an address of its own would be sent to the
 * page itself. This inline script, in <head> before anything can be clicked, holds such input until the
 * client is there (`replayEarlyInput` replays it):
 * - a click on a button, except a form's submit button (its form's submit event is held instead);
 * - the submit of a form without an `action` (forms with one, like the search refinements, go there).
 * What it holds shows that it waits (`data-waiting`, `aria-busy`); a second click on it is dropped.
 * Links, <details> menus and forms with an action work natively and are left alone.
 */
export const earlyInputScript = `(function(d){var q=window.${earlyQueueName}=[];function hold(e,el,by){e.preventDefault();e.stopImmediatePropagation();if(el.hasAttribute("data-waiting"))return;el.setAttribute("data-waiting","");el.setAttribute("aria-busy","true");q.push({el:el,by:by})}d.addEventListener("click",function(e){var b=!q.done&&e.target.closest&&e.target.closest("button");if(b&&!b.disabled&&!(b.form&&b.type==="submit"))hold(e,b,null)},true);d.addEventListener("submit",function(e){var f=e.target;if(!q.done&&!f.hasAttribute("action"))hold(e,f,e.submitter)},true)})(document)`;
