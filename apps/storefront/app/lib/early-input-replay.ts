import type { HeldInput } from './early-input.ts';

/** What the visitor clicked or sent before the client started, done again now that it is there. */
export function replayHeld(held: HeldInput[]): void {
  for (const { el, by } of held) replay(el, by);
}

function replay(el: HTMLElement, by: HTMLElement | null): void {
  el.removeAttribute('data-waiting');
  el.removeAttribute('aria-busy');
  if (!el.isConnected) return;
  if (el instanceof HTMLFormElement) {
    tellReactWhatWasTyped(el);
    el.requestSubmit(by instanceof HTMLButtonElement && by.form === el && by.type === 'submit' ? by : null);
  } else {
    el.click();
  }
}

/**
 * React keeps the value a field had when it hydrated but does not report it to the form's state, so a
 * form typed into before hydration would be sent empty. Each changed field is reported as a change:
 * React compares the value it last saw (reset here through the element's own setter) with the DOM's.
 */
function tellReactWhatWasTyped(form: HTMLFormElement): void {
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      // Unset it the way React sees it; the click sets it again and React reports the change.
      field.checked = !field.checked;
      field.click();
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue;
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].every((option) => option.selected === option.defaultSelected)) continue;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}
